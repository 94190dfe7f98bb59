import type { SignatureView } from "../../api/contract/signatures.ts";

/**
 * A clinician's signature as charts, prescriptions and the profile show it (issue 19): the picture when there is
 * one (its alt text names the signer), else the typed name in a handwriting-like face.
 */
export function SignatureMark({ signature, alt }: { signature: SignatureView; alt: string }) {
  return signature.imageUrl ? (
    <img src={signature.imageUrl} alt={alt} className="h-16 w-auto max-w-xs object-contain" data-testid="signature-image" />
  ) : (
    <p className="font-serif text-2xl italic" data-testid="signature-typed">
      {signature.typedName}
    </p>
  );
}
