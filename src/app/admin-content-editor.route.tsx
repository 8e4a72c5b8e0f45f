import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminFrame } from '~/features/admin/AdminFrame';
import { ContentEditor } from '~/platform/content/editor/ContentEditor';
import { NotFoundPage } from '~/platform/shell/NotFoundPage';
import { CONTENT_TYPES } from './content-types';

export default function AdminContentEditor() {
  const { t } = useTranslation('content');
  const { type: id } = useParams();
  const type = CONTENT_TYPES.find((candidate) => candidate.id === id);
  if (!type) return <NotFoundPage />;
  return (
    <AdminFrame title={t(type.label)}>
      <ContentEditor key={type.id} type={type} />
    </AdminFrame>
  );
}
