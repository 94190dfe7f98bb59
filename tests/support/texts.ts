/** Texts both test tiers expect on the same pages (the browser journeys and the HTTP tests). Not a test file. */

/** The tasks page's status tabs in Spanish, in their order. */
export const TASK_TABS_ES = ["Activas", "Por hacer", "En curso", "Esperando al cliente", "Por verificar por el equipo", "Por discutir", "Hechas", "Todas"];
