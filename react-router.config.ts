import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8 needs Node 22, which these machines do not have: each change it brings is
  // declined until the move, rather than announced on every build.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
