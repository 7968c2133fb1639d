import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8 needs Node 22, which these machines do not have: each change it brings is
  // declined until the move, rather than announced on every build.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    // Loaders and actions get the request as it came, not two copies of it per request (a
    // tenth of a feed request's CPU): they read the page's address from `url`, and the sign-in
    // redirect names the page of a data request (pageAddress in session.server).
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
