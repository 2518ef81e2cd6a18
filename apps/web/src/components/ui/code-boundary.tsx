import { Button, EmptyState } from '@mantine/core';
import { Component, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLoadError } from '../../lib/lazy';
import { PageTitle } from './page-title';

/** Reloads the page once the browser is back online: the code that failed to load (lib/lazy.ts) loads then. */
export function ReloadWhenOnline() {
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return null;
}

/** In place of a screen whose code could not be loaded (offline): says so; a reload (or ReloadWhenOnline) opens it. */
export function CodeUnavailable() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle page={t('titles.offline')} />
      <EmptyState mt="xl" role="alert">
        <EmptyState.Title order={1}>{t('codeUnavailable.heading')}</EmptyState.Title>
        <EmptyState.Description>{t('codeUnavailable.text')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button onClick={() => window.location.reload()}>{t('codeUnavailable.reload')}</Button>
        </EmptyState.Actions>
      </EmptyState>
    </>
  );
}

/**
 * Shows `fallback` in place of its children when their code could not be loaded (offline), where they would be: the
 * rest of the screen keeps working, and the page reloads once the network is back. Other errors go on to the app's
 * boundary.
 */
export class CodeBoundary extends Component<
  { children: ReactNode; fallback: ReactNode },
  { error: unknown; failed: boolean }
> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (!(this.state.error instanceof CodeLoadError)) throw this.state.error;
    return (
      <>
        {this.props.fallback}
        <ReloadWhenOnline />
      </>
    );
  }
}
