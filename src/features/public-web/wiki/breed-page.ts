import { AI_FIELD_COLUMNS, type AiField } from './breeds.repo.js';
import type { BreedDetail } from './wiki.schemas.js';

const number = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

function rangeText(r: { min: number; max: number } | null, unit: string): string | null {
  if (!r) return null;
  return r.min === r.max ? `${number.format(r.min)} ${unit}` : `${number.format(r.min)}–${number.format(r.max)} ${unit}`;
}

export interface Fact {
  label: string;
  value: string;
  ai: boolean;
}

/** The fact sheet of a breed page, in German, with the AI mark on the fields the enrichment job filled. */
export function breedFacts(b: BreedDetail): Fact[] {
  const ai = new Set(b.ai_generated_fields);
  const facts: (Fact | null)[] = [
    b.fci_group ? { label: 'FCI-Gruppe', value: `${b.fci_group} – ${b.fci_group_label ?? ''}`, ai: false } : null,
    b.fci_section ? { label: 'FCI-Sektion', value: b.fci_section, ai: false } : null,
    b.fci_number ? { label: 'FCI-Standard', value: `Nr. ${b.fci_number}${b.fci_provisional ? ' (vorläufig anerkannt)' : ''}`, ai: false } : null,
    b.status_label ? { label: 'Status', value: b.status_label, ai: false } : null,
    b.origin_country ? { label: 'Herkunft', value: b.origin_country, ai: ai.has('origin_country_de') } : null,
    b.size_label ? { label: 'Größe', value: b.size_label, ai: ai.has('size_class') } : null,
    b.height_cm ? { label: 'Widerristhöhe', value: rangeText(b.height_cm, 'cm') ?? '', ai: ai.has('height') } : null,
    b.weight_kg ? { label: 'Gewicht', value: rangeText(b.weight_kg, 'kg') ?? '', ai: ai.has('weight') } : null,
    b.life_span_years ? { label: 'Lebenserwartung', value: rangeText(b.life_span_years, 'Jahre') ?? '', ai: ai.has('life_span') } : null,
    b.coat_label ? { label: 'Fell', value: b.coat_label, ai: false } : null,
  ];
  return facts.filter((f): f is Fact => f !== null);
}

/** About 150 characters for the description and social-preview tags, built from the known facts. */
export function breedMetaDescription(b: BreedDetail, appName: string): string {
  const parts = [
    b.origin_country ? `Herkunft: ${b.origin_country}` : null,
    b.weight_kg ? `Gewicht: ${rangeText(b.weight_kg, 'kg')}` : null,
    b.temperament.length
      ? `Wesen: ${b.temperament
          .slice(0, 3)
          .map((t) => t.label)
          .join(', ')}`
      : null,
  ].filter(Boolean);
  const facts = parts.length ? `${parts.join('. ')}.` : 'Steckbrief, Herkunft und Wesen.';
  return `${b.name}: ${facts} Im Rassen-Wiki von ${appName}.`;
}

export function breedJsonLd(b: BreedDetail, url: string, appName: string, publicUrl: string, description: string) {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebPage',
        '@id': url,
        url,
        name: `${b.name} – Rassen-Wiki`,
        description,
        inLanguage: 'de-DE',
        isPartOf: { '@type': 'WebSite', name: appName, url: publicUrl },
        about: {
          '@type': 'Thing',
          name: b.name,
          ...(b.alt_names.length || b.name !== b.name_en ? { alternateName: [...new Set([b.name_en, ...b.alt_names])].filter((n) => n !== b.name) } : {}),
          ...(b.description_de ? { description: b.description_de } : {}),
          ...(b.wikidata_id ? { sameAs: `https://www.wikidata.org/wiki/${b.wikidata_id}` } : {}),
        },
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Rassen-Wiki', item: `${publicUrl}/rassen` },
          { '@type': 'ListItem', position: 2, name: b.name, item: url },
        ],
      },
    ],
  };
}

/** The AI field names as a plain list for the view. */
export function aiFieldList(b: BreedDetail): AiField[] {
  return b.ai_generated_fields.filter((f): f is AiField => f in AI_FIELD_COLUMNS);
}
