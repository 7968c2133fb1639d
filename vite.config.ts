import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    rollupOptions: {
      onwarn(warning, warn) {
        // Resource routes (the JSON API, redirects, media) have no browser code: their empty
        // client chunks are expected. zod's own comments confuse Rollup's annotation parser.
        if (warning.code === "EMPTY_BUNDLE") return;
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
        warn(warning);
      },
    },
  },
  ssr: {
    // Bundled into the server build so only the icons in use are kept: imported whole from
    // node_modules, lucide-react's 1,500 icons cost the server about 30 MB of memory.
    noExternal: ["lucide-react"],
  },
});
