/** A toast as the browser gets it (spec §9: top-right, at most 5, 5000 ms each). */
export type ToastType = "success" | "error" | "info" | "warning";
export type Toast = { id: string; type: ToastType; message: string };

export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;
