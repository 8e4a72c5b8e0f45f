import { contentOf, type SiteContent } from '~/platform/content/content-type';
import { bannerContent } from '~/platform/site-content/banner';
import { contactsContent } from '~/platform/site-content/contacts';
import { FRAME_DOCUMENTS, type FrameData } from './frame';

// The frame names its documents by id (to keep their schemas out of the browser): the same ids,
// or the server does not start.
if (bannerContent.id !== FRAME_DOCUMENTS.banner || contactsContent.id !== FRAME_DOCUMENTS.contacts)
  throw new Error("The frame's document ids differ from the banner's and the contacts' content types");

/** The frame of a render (platform/content/frame.tsx), from the content it renders. */
export function frameDataOf(content: SiteContent): FrameData {
  return { banner: contentOf(content, bannerContent), contacts: contentOf(content, contactsContent) };
}
