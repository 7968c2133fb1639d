// The production server: `npm start` runs this file (through `exec`, so a service manager's
// SIGTERM reaches this process). Everything it does lives in app/server/ (typed and tested):
// this file only loads the build, building it first when needed.
import { loadServerBuild } from "./scripts/server-build.js";

const build = await loadServerBuild();
await build.entry.module.runServer(build);
