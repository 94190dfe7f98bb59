import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { SIGNATURE_PAD } from "../../../api/contract/signature-rules.ts";

/**
 * A drawing pad for a signature (issue 19): a canvas drawn on with a mouse, pen or finger (pointer events, no
 * dependency), cleared or saved as a PNG. Drawing is a path the hand makes, so it has no keyboard equivalent here:
 * keyboard users type their name or upload a picture (the section says so). Rendered only with JavaScript.
 */
export function SignaturePad({
  labels,
  saving,
  onSave,
}: {
  labels: { area: string; clear: string; save: string };
  saving: boolean;
  onSave: (png: Blob) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [inked, setInked] = useState(false);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ratio = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
    c.width = SIGNATURE_PAD.width * ratio;
    c.height = SIGNATURE_PAD.height * ratio;
    const ctx = c.getContext("2d");
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#111827";
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * SIGNATURE_PAD.width) / r.width, y: ((e.clientY - r.top) * SIGNATURE_PAD.height) / r.height };
  };

  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext("2d");
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const { x, y } = point(e);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
    setInked(true);
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext("2d");
    if (!ctx) return;
    const { x, y } = point(e);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const up = () => {
    drawing.current = false;
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext("2d")?.clearRect(0, 0, SIGNATURE_PAD.width, SIGNATURE_PAD.height);
    setInked(false);
  };
  const save = () => canvas.current?.toBlob((blob) => blob && onSave(blob), "image/png");

  return (
    <div className="flex flex-col gap-3" data-testid="signature-pad">
      <canvas
        ref={canvas}
        role="img"
        aria-label={labels.area}
        className="h-auto w-full max-w-[480px] touch-none rounded-md border border-input bg-white"
        style={{ aspectRatio: `${SIGNATURE_PAD.width} / ${SIGNATURE_PAD.height}` }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        data-testid="signature-canvas"
      />
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" onClick={clear} disabled={!inked || saving}>
          {labels.clear}
        </Button>
        <Button type="button" onClick={save} disabled={!inked} loading={saving}>
          {labels.save}
        </Button>
      </div>
    </div>
  );
}
