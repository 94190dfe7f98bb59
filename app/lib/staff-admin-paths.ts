/** The users and roles pages' addresses (browser-safe; app/lib/staff-admin.server.ts calls the upstream). */
export const SETTINGS_PATH = "/manager/settings";
export const userPath = (id: number) => `${SETTINGS_PATH}/${id}`;
