import '../../features/chat/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { configQuery } from '../../features/misc/api/get-config';
import { useDesktop } from '../desktop';

/** /lms/chat (the mobile messages tab opens it with #messages), with the upload limit of config.json. */
export function ChatPage() {
  const { t } = useTranslation();
  const config = useQuery(configQuery);
  const desktop = useDesktop();
  return (
    <>
      <PageTitle page={t('titles.chat')} />
      <ChatScreen mobile={!desktop} maxUploadMb={config.data?.maxUploadMb} />
    </>
  );
}
