import { useTranslation } from '~/platform/i18n/useTranslation';
import { useLoaderData, useParams } from 'react-router';
import { AdminFrame } from '~/features/admin/AdminFrame';
import { ContentEditor } from '~/features/content-admin/ContentEditor';
import { BundledThumbsContext } from '~/features/content-admin/editor/photos';
import { BUNDLED_PHOTOS } from '~/platform/media/bundled';
import { NotFoundPage } from '~/platform/shell/NotFoundPage';
import { CONTENT_TYPES } from './content-types';

/** The thumbnails of the photos that came with the site (the build names their files). */
export function loader() {
  return {
    bundledThumbs: Object.fromEntries([...BUNDLED_PHOTOS].map(([id, photo]) => [id, photo.thumb])),
  };
}

export default function AdminContentEditor() {
  const { t } = useTranslation('content');
  const { bundledThumbs } = useLoaderData<typeof loader>();
  const { type: id } = useParams();
  const type = CONTENT_TYPES.find((candidate) => candidate.id === id);
  if (!type) return <NotFoundPage />;
  return (
    <AdminFrame title={t(type.label)}>
      <BundledThumbsContext.Provider value={bundledThumbs}>
        <ContentEditor key={type.id} type={type} />
      </BundledThumbsContext.Provider>
    </AdminFrame>
  );
}
