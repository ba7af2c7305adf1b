import { daysBetween } from '#core/clock.js';

/** What the AI may know about a dog: breed, age, sex, weight — never its name, the owner or anything to find them by. */
export interface DogFacts {
  breed: string | null;
  birth_date: string | null;
  sex: string | null;
  neutered: number | null;
  weight_kg: number | null;
}

export function describeDog(dog: DogFacts, today: string): string {
  const parts: string[] = [];
  parts.push(dog.breed ? `Rasse: ${dog.breed}` : 'Rasse: unbekannt');
  if (dog.birth_date) {
    const months = Math.max(0, Math.floor(daysBetween(dog.birth_date, today) / 30.44));
    parts.push(months < 24 ? `Alter: ${months} Monate` : `Alter: ${Math.floor(months / 12)} Jahre`);
  }
  if (dog.sex) parts.push(`Geschlecht: ${dog.sex === 'female' ? 'Hündin' : 'Rüde'}${dog.neutered ? ' (kastriert)' : ''}`);
  if (dog.weight_kg) parts.push(`Gewicht: ${dog.weight_kg} kg`);
  return parts.join('; ');
}
