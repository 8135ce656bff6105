/**
 * The inquiry form (its questions, antd's form controls): a script part of its own, so the inquiry page's frame,
 * lead and skeleton paint without it: fetched once they are drawn on a first visit (guest-inquiry-page.tsx), with
 * the page's part when the shopper comes from another page of the flow (app/guest-router.tsx).
 */
export const loadInquiryForm = () => import('../../inquiry/index.ts');

/** Whether the document has painted already: the inquiry page is not its first page. */
export const hasDocumentPainted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
