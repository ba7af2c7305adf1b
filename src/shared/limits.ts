/**
 * The spec's Limits table (characters): the server's schema kit bounds its texts with these, and the client's forms
 * set the same numbers as `maxLength`, so a change on one side reaches the other. The server counts code points
 * (an emoji is one character); a browser's `maxLength` counts UTF-16 units (an emoji is two), so a form may stop a
 * text of many emoji a little early but never lets through one the server refuses.
 */
export const LIMITS = {
  title: 200,
  body: 10_000,
  note: 5_000,
  email: 254,
  url: 500,
  slug: 100,
  dogName: 80,
  dogBio: 2_000,
} as const;

/**
 * Photos from the phone (decisions, "Photos from the phone"): the app shrinks a photo to this long edge before
 * upload, and the server keeps a JPEG that already fits (with no rotation to apply) as it is, minus its metadata.
 */
export const PHOTO_LONG_EDGE = 2560;
