/**
 * Which venues get the dog-welcome button (decisions: restaurant, cafe, bar, hotel, shop, vet and groomer), read
 * from an element's OpenStreetMap tags. The map's features carry the answer (`welcome_kind`) and the contribution
 * endpoint asks the same function, so the button and the 422 never disagree.
 */
export const WELCOME_KINDS = ['restaurant', 'cafe', 'bar', 'hotel', 'shop', 'vet', 'groomer'] as const;
export type WelcomeKind = (typeof WELCOME_KINDS)[number];

const BY_AMENITY: Record<string, WelcomeKind> = {
  restaurant: 'restaurant',
  cafe: 'cafe',
  bar: 'bar',
  pub: 'bar',
  biergarten: 'bar',
  veterinary: 'vet',
};
const BY_TOURISM: Record<string, WelcomeKind> = { hotel: 'hotel', guest_house: 'hotel', hostel: 'hotel', motel: 'hotel' };
/** shop=* values that are no shop to walk into. */
const NOT_A_SHOP = new Set(['no', 'vacant', 'yes;no']);

export function welcomeKindOf(tags: Readonly<Record<string, string>>): WelcomeKind | null {
  if (tags.shop === 'pet_grooming' || tags.craft === 'pet_grooming') return 'groomer';
  const amenity = tags.amenity ? BY_AMENITY[tags.amenity] : undefined;
  if (amenity) return amenity;
  const tourism = tags.tourism ? BY_TOURISM[tags.tourism] : undefined;
  if (tourism) return tourism;
  if (tags.shop && !NOT_A_SHOP.has(tags.shop)) return 'shop';
  return null;
}
