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
    // The icon sprite must stay a file: <use> cannot reach into a data: URL.
    assetsInlineLimit: (file) => (file.endsWith("/icons.svg") ? false : undefined),
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
});
