// Realistic words drawn once per bucket from faker (company names, catch
// phrases, adjectives, nouns): faker is too slow to call for each of 500k
// files, and its one global seed would tie every bucket to every other.
import { faker } from '@faker-js/faker/locale/en';
import { deriveSeed } from './seeded-stream.ts';

export interface TextPools {
  companies: string[];
  /** The first word of each company name, lower-case letters and digits ('team' if none). */
  companyWords: string[];
  phrases: string[];
  adjectives: string[];
  nouns: string[];
}

const POOL_SIZE = 150;

/** The pools of one part of the world (`label`), the same for the same seed whatever else the world holds. */
export function textPools(seed: number, label: string): TextPools {
  faker.seed(deriveSeed(seed, `text:${label}`));
  const many = (make: () => string, count = POOL_SIZE) => Array.from({ length: count }, make);
  const companies = many(() => faker.company.name());
  return {
    companies,
    companyWords: companies.map((name) => name.toLowerCase().split(/[^a-z0-9]+/)[0] || 'team'),
    phrases: many(() => faker.company.catchPhrase()),
    adjectives: many(
      () =>
        faker.word
          .adjective()
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ''),
      60,
    ).map((word) => word || 'new'),
    nouns: many(() => faker.word.noun(), 40),
  };
}

/** One company name for `label` (a workspace's name). */
export function companyName(seed: number, label: string): string {
  faker.seed(deriveSeed(seed, `name:${label}`));
  return faker.company.name();
}

/** The bucket themes in the order this seed deals them (the order earlier versions used, so bucket names stay). */
export function themeOrder<T>(seed: number, themes: readonly T[]): T[] {
  faker.seed(seed);
  return faker.helpers.shuffle([...themes]);
}
