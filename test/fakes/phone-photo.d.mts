/** Types of test/fakes/phone-photo.mjs for the TypeScript tests that use it. */
export function phonePhoto(o: { lat: number; lon: number; takenAt: string; width?: number; height?: number }): Promise<Buffer>;
