import { useTranslation } from '~/platform/i18n/useTranslation';
import { AdminFrame } from '~/features/admin/AdminFrame';
import { ParticipantMessagesPage } from '~/features/participant-messages/ParticipantMessagesPage';
import '~/platform/i18n/admin-packs';
import { loadRoutePacks } from '~/platform/i18n/i18n';

await loadRoutePacks('admin', 'participantMessages');

// In the app layer: the admin frame (a feature) around the messages to participants (another).
export default function AdminMessages() {
  const { t } = useTranslation('participantMessages');
  return (
    <AdminFrame title={t('title')}>
      <ParticipantMessagesPage />
    </AdminFrame>
  );
}
