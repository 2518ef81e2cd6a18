import { Center } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { CodeUnavailable, ReloadWhenOnline } from '../components/ui/code-boundary';
import { ErrorScreen } from '../components/ui/error-screen';
import { CodeLoadError } from '../lib/lazy';

/** Any render crash shows the error screen (and the error is logged); code that could not load, the offline notice. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (!(this.state.error instanceof CodeLoadError)) return <ErrorScreen />;
    return (
      <Center mih="100vh" p="xl">
        <CodeUnavailable />
        <ReloadWhenOnline />
      </Center>
    );
  }
}
