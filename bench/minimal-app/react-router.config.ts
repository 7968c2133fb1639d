import type { Config } from "@react-router/dev/config";

// The floor of this stack: React Router's own template, served by @react-router/serve.
export default { ssr: true } satisfies Config;
