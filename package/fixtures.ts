// `bucketkit/fixtures`: defineFixtures and the fixtures' types, for a typed fixtures module shared by tests, the page and
// `bucketkit mock --fixtures`. Browser-safe and without dependencies.
export {
  defineFixtures,
  type Fixtures,
  type FixturesMode,
  type FixtureWorkspace,
  type FixtureBucket,
  type FixtureFile,
  type FixtureAutomation,
  type FixtureSuggestion,
  type FixtureShare,
  type FixtureTransfer,
  type FixtureIntelligence,
  type FixtureKey,
} from '../mocks/fixtures/fixture-types.ts';
