// The package's main entry (`bucketkit`): the HTTP mock, its behaviour core, the spec loaders and the fixtures and profile
// file readers, for Node.
export { startMockServer, type MockServer, type StartMockServerOptions } from '../mocks/http/start-mock-server.ts';
export { createMockApp, type CreateMockAppOptions, type MockAppOptions } from '../mocks/app/create-mock-app.ts';
export type { MockRequest, MockResponse } from '../mocks/core/types.ts';
export { manualClock, systemClock, type Clock } from '../mocks/core/clock.ts';
export { generateWorld, DEFAULT_SEED, DEFAULT_FILE_COUNT, MAX_FILE_COUNT } from '../mocks/world/generate-world.ts';
export { loadBundledSpec, loadRouteTable, loadSchemaValidator, bundledSpecPath, type ApiDocument } from '../openapi/contract/load-spec.ts';
export { loadFixturesFile, FixturesFileError } from '../mocks/fixtures/load-fixtures-file.ts';
export { loadProfileFile } from '../mocks/profile/load-profile-file.ts';
export { defineFixtures } from '../mocks/fixtures/fixture-types.ts';
export * from './mock-types.ts';
