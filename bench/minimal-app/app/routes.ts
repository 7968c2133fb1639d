import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [index("routes/home.tsx"), route("api/data", "routes/data.ts")] satisfies RouteConfig;
