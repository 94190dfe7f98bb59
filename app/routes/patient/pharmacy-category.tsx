import { Link } from "react-router";
import type { Route } from "./+types/pharmacy-category";
import { PageTitle } from "~/components/page-title";
import { Badge } from "~/components/ui/badge";
import { formatCurrency } from "~/lib/format";
import { categoryLoader, type Product } from "~/lib/pharmacy.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientPharmacyCategory", i18n: ["pharmacy"] } satisfies RouteHandle;

/** /patient/pharmacy/category/{slug} (PatientPharmacyCategory, issue 16): a journey's medications, items and add-ons. */
export function loader({ params, context }: Route.LoaderArgs) {
  return categoryLoader(context, params.slug);
}

const KINDS = ["medication", "pharmacy", "addon"] as const;

export default function PatientPharmacyCategory({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { category, products } = loaderData;
  const money = (cents: number) => formatCurrency(cents, { fromCents: true, locale: i18n.language });
  const name = t(`pharmacy:sections.${category.sectionType}`);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link to="/patient/pharmacy" className="text-sm underline-offset-4 hover:underline">
          {t("pharmacy:product.back", { name: t("common:pages.patientPharmacy") })}
        </Link>
        <PageTitle title={handle.title} />
        <p className="text-lg font-medium" data-testid="category-name">
          {name}
        </p>
      </div>
      {KINDS.map((kind) => {
        const list = products.filter((p) => p.kind === kind);
        if (list.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`kind-${kind}`} className="flex flex-col gap-3">
            <h2 id={`kind-${kind}`} className="text-lg font-semibold">
              {t(`pharmacy:kinds.${kind}`)}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2" data-testid={`products-${kind}`}>
              {list.map((p) => (
                <ProductCard key={p.id} product={p} money={money} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function ProductCard({ product, money }: { product: Product; money: (cents: number) => string }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-card p-4" data-testid="product-card" data-product-id={product.id}>
      <h3 className="font-semibold">
        <Link to={`/patient/pharmacy/product/${product.id}`} className="underline-offset-4 hover:underline">
          {product.name}
        </Link>
      </h3>
      <p className="text-sm text-muted-foreground">{product.description}</p>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {product.fromMonthlyCents !== null ? <span>{t("pharmacy:product.from", { price: money(product.fromMonthlyCents) })}</span> : null}
        {product.requiresPrescription ? <Badge variant="primary">{t("pharmacy:product.prescription")}</Badge> : null}
        {product.isLive ? null : <Badge variant="neutral">{t("pharmacy:product.notLive")}</Badge>}
      </p>
    </li>
  );
}
