import { useTranslation } from 'react-i18next';
import { AdminFrame } from '~/features/admin/AdminFrame';
import { ContentList } from '~/platform/content/editor/ContentList';
import { CONTENT_TYPES } from './content-types';

// The content editor lives in the app layer: it is where the features' content types meet.
export default function AdminContent() {
  const { t } = useTranslation('content');
  return (
    <AdminFrame title={t('list.title')}>
      <ContentList types={CONTENT_TYPES} />
    </AdminFrame>
  );
}
