// Route × role over HTTP (tests/web/route-sweep.ts): the five staff roles on every page of app/routes.ts.
import { sweepRoutes } from "./route-sweep";

sweepRoutes(["provider", "support", "supportManager", "nurse", "nurseManager"]);
