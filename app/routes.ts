import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

// One file per URL under app/routes (React Router's flat-routes convention).
export default flatRoutes() satisfies RouteConfig;
