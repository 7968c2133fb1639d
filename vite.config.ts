import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  ssr: {
    // Bundled into the server build so only the icons in use are kept: imported whole from
    // node_modules, lucide-react's 1,500 icons cost the server about 30 MB of memory.
    noExternal: ["lucide-react"],
  },
});
