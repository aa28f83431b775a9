/**
 * Imported first by the commands that serve users (`npm start`, `npm run backend`) and by the
 * benchmarks: libraries read NODE_ENV when they load. graphql-js outside production checks every
 * `instanceof` for a second copy of itself (coercing 1,000 rows of variables took 15% longer);
 * Express leaves stack traces out of its error pages. An explicit NODE_ENV wins.
 */
process.env.NODE_ENV ??= 'production'
