// Route × role over HTTP (tests/web/route-sweep.ts): a guest, the patient and the manager on every page of app/routes.ts.
import { sweepRoutes } from "./route-sweep";

sweepRoutes(["guest", "patient", "manager"]);
