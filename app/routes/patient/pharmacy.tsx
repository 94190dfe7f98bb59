import { Link } from "react-router";
import type { Route } from "./+types/pharmacy";
import { PageTitle } from "~/components/page-title";
import { formatCurrency } from "~/lib/format";
import { pharmacyLoader } from "~/lib/pharmacy.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";

export const handle = { title: "common:pages.patientPharmacy", i18n: ["pharmacy"] } satisfies RouteHandle;

/** /patient/pharmacy (issue 16): the catalogue's categories, one per journey, each linking to its products. */
export function loader({ context }: Route.LoaderArgs) {
  return pharmacyLoader(context);
}

export default function PatientPharmacy({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatCurrency(cents, { fromCents: true, locale: i18n.language });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("pharmacy:categories.intro")}</p>
      </div>
      {loaderData.categories.length === 0 ? (
        <p>{t("pharmacy:categories.none")}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" data-testid="pharmacy-categories">
          {loaderData.categories.map((c) => {
            const name = t(`pharmacy:sections.${c.sectionType}`);
            return (
              <li key={c.slug} className="flex flex-col gap-2 rounded-lg border bg-card p-4">
                <h2 className="text-lg font-semibold">
                  <Link to={`/patient/pharmacy/category/${c.slug}`} className="underline-offset-4 hover:underline">
                    {name}
                  </Link>
                </h2>
                <p className="text-sm text-muted-foreground">
                  {t("pharmacy:categories.products", { count: c.productCount })}
                  {c.fromMonthlyCents !== null ? ` · ${t("pharmacy:categories.from", { price: money(c.fromMonthlyCents) })}` : ""}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
