import { siteLook } from "~/features/site/settings.server";
import { apiRoute, apiSuccess } from "~/services/http/api.server";

/** GET /api/site: the instance's name, tagline, logo and colours, for clients (public). */
export const loader = apiRoute({
  async GET() {
    const look = await siteLook();
    return apiSuccess({
      site: {
        name: look.name,
        tagline: look.tagline,
        logo_url: look.logo_url,
        colours: look.shades ? { brand: look.brand_colour, light: look.shades.light, dark: look.shades.dark } : null,
      },
    });
  },
});
export const action = apiRoute({});
