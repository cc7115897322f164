// Preloaded (node --require) into a --dynamic Prism: seeds the faker instance that Prism's json-schema-faker uses for x-faker hints, which Prism's own --seed does not reach, so a run's data is reproducible.
const { dirname } = require('node:path');

const seed = Number(process.env.BUCKETKIT_PRISM_FAKER_SEED);
if (Number.isSafeInteger(seed)) {
  const prismCli = dirname(require.resolve('@stoplight/prism-cli/package.json'));
  const prismHttp = dirname(require.resolve('@stoplight/prism-http/package.json', { paths: [prismCli] }));
  const { faker } = require(require.resolve('@faker-js/faker', { paths: [prismHttp] }));
  faker.seed(seed);
}
