import { z } from "zod";

/**
 * zod, as every module that builds schemas imports it. zod compiles object schemas with
 * `new Function` unless told not to, and probes for it with `new Function("")` the moment the first
 * object schema is built. The pages' Content-Security-Policy has no 'unsafe-eval', so in the
 * browser each of those is refused and reported as a violation, even when zod catches it.
 * `jitless` is read when a schema is built, so it must be set before the first one: a module that
 * imports `z` from here has this one run first (ES modules run their imports in order).
 */
z.config({ jitless: true });

export { z };
