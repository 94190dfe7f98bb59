import { cva, type VariantProps } from "class-variance-authority";
import { useState, type ComponentProps } from "react";
import { cn } from "~/lib/utils";

export const avatarVariants = cva(
  "relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-primary-subtle font-semibold text-primary",
  {
    variants: {
      size: {
        xs: "size-6 text-[0.625rem]",
        sm: "size-8 text-xs",
        md: "size-10 text-sm",
        lg: "size-14 text-lg",
        xl: "size-24 text-3xl",
      },
    },
    defaultVariants: { size: "md" },
  },
);

/** "Jane Q. Doe" → "JD"; "jane" → "J"; "" → "?". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = words[0][0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1][0] ?? "") : "";
  return (first + last).toUpperCase();
}

export type AvatarProps = Omit<ComponentProps<"span">, "children"> &
  VariantProps<typeof avatarVariants> & {
    /** The person's full name: the accessible name and the source of the initials. */
    name: string;
    src?: string | null;
    /** Decorative avatar next to the visible name: hide it from assistive technology. */
    decorative?: boolean;
  };

/**
 * A round picture with an initials fallback. With a picture, the initials are not under it (text covered by an
 * image is text whose contrast nobody can check): a broken picture shows them through its own ::after, without
 * JavaScript too, and with JavaScript a failed picture is replaced by them.
 */
export function Avatar({ className, size, name, src, decorative = false, ...props }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !!src && failedSrc === src;

  return (
    <span
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      className={cn(avatarVariants({ size }), className)}
      {...props}
    >
      {src && !failed ? (
        <img
          ref={(img) => {
            // The image may have failed before hydration, when onError was not listening yet.
            if (img && img.complete && img.naturalWidth === 0) setFailedSrc(src);
          }}
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(src)}
          data-initials={initials(name)}
          className={cn(
            "absolute inset-0 size-full object-cover",
            // A broken image renders its ::after (a loaded one does not): cover the browser's broken-image
            // icon with the initials, for the time before JavaScript removes the image, or without it.
            "after:absolute after:inset-0 after:flex after:items-center after:justify-center after:bg-primary-subtle after:text-primary after:content-[attr(data-initials)]",
          )}
        />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  );
}
