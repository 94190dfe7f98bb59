import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import { useTranslation } from "~/lib/use-translation";
import { ADDRESS_CHECKS } from "~/lib/account-form-checks";
import { checkForm } from "~/lib/form-checks";
import { data, Form } from "react-router";
import type { Route } from "./+types/pharmacy";
import { AccountSection, FullWidthFormErrors, Intent, useSubmitting } from "~/components/account/section";
import { SubmitButton, TextField } from "~/components/form-field";
import { PageTitle } from "~/components/page-title";
import { Select } from "~/components/ui/select";
import { accountApi, formFailure, getProfile, successMessage } from "~/lib/account.server";
import { formatPhone } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import { getT } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { addressFormSchema, toSaveAddressPayload } from "~/lib/schemas/account";
import { redirectWithToast, takeToasts } from "~/lib/toast.server";
import type { Address } from "../../../../api/contract/patient-account.ts";
import { US_STATES, type AddressType } from "../../../../api/contract/patient-account-rules.ts";
import { readForm } from "~/lib/csrf.server";

export const handle = { title: "common:pages.accountPharmacy" } satisfies RouteHandle;

const PATH = "/patient/account/pharmacy";

type AddressDefaults = {
  addressId: string;
  addressFirstName: string;
  addressLastName: string;
  addressLine1: string;
  addressLine2: string;
  locality: string;
  administrativeArea: string;
  postalCode: string;
  phone: string;
};

/** The form's starting values: the saved address, or the patient's name and phone for a first one. */
function defaults(address: Address | null, profile: { firstName: string; lastName: string; phone: string | null }): AddressDefaults {
  return {
    addressId: address ? String(address.id) : "",
    addressFirstName: address?.addressFirstName ?? profile.firstName,
    addressLastName: address?.addressLastName ?? profile.lastName,
    addressLine1: address?.addressLine1 ?? "",
    addressLine2: address?.addressLine2 ?? "",
    locality: address?.locality ?? "",
    administrativeArea: address?.administrativeArea ?? "",
    postalCode: address?.postalCode ?? "",
    phone: address?.phone ? formatPhone(address.phone) : profile.phone ? formatPhone(profile.phone) : "",
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await getProfile(context);
  const { shippingAddress, billingAddress } = profile.addresses;
  return {
    shipping: { saved: shippingAddress !== null, values: defaults(shippingAddress, profile) },
    billing: { saved: billingAddress !== null, values: defaults(billingAddress, profile) },
    toasts: takeToasts(context),
  };
}

/** API field paths of save-address ("fields.phone") → the form's flat names. */
const formField = (apiField: string) => apiField.replace(/^fields\./, "");

/**
 * "My pharmacy" (spec §2 account pages): the shipping and billing addresses. Each form posts the save-address
 * payload of spec §3 to POST /actions/users/save-address — addressLine1/2, `fields` (first and last name,
 * addressType, phone as digits with a plus sign), administrativeArea, locality, postalCode, the capitalised
 * title, and addressId when the address exists. Errors beside the fields with the input kept; success: a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: addressFormSchema });
  const intent: AddressType = formData.get("intent") === "billing" ? "billing" : "shipping";
  if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
  const v = submission.value;
  const payload = toSaveAddressPayload(v);
  try {
    const response = await accountApi(context).saveAddress(payload);
    return redirectWithToast(context, PATH, "success", successMessage(response, t, t(`account:addresses.${v.intent}Saved`)));
  } catch (error) {
    return data({ intent, reply: submission.reply(formFailure(context, error, t, formField)) }, { status: 400 });
  }
}

export default function PatientAccountPharmacy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const reply = (type: AddressType) => (actionData?.intent === type ? (actionData.reply as SubmissionResult<string[]>) : undefined);
  return (
    <>
      <div className="flex flex-col gap-1">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("account:addresses.intro")}</p>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        {(["shipping", "billing"] as const).map((type) => (
          <AddressForm
            key={`${type}-${JSON.stringify(loaderData[type].values)}`}
            type={type}
            saved={loaderData[type].saved}
            values={loaderData[type].values}
            lastResult={reply(type)}
          />
        ))}
      </div>
    </>
  );
}

function AddressForm({
  type,
  saved,
  values,
  lastResult,
}: {
  type: AddressType;
  saved: boolean;
  values: AddressDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const submitting = useSubmitting(type);
  const [form, fields] = useForm({
    id: `address-${type}`,
    lastResult,
    defaultValue: values,
    onValidate: ({ formData }) => checkForm(formData, ADDRESS_CHECKS),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const stateErrors = fields.administrativeArea.errors;
  const section = type === "shipping" ? "shipping-address" : "billing-address";
  return (
    <AccountSection
      title={t(`account:addresses.${type}Title`)}
      description={t(saved ? `account:addresses.${type}Intro` : `account:addresses.${type}None`)}
      testId={section}
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <Intent value={type} />
        {values.addressId ? <input type="hidden" name="addressId" value={values.addressId} /> : null}
        <FullWidthFormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.addressFirstName} label={t("account:addresses.firstName")} autoComplete={`${type} given-name`} />
        <TextField field={fields.addressLastName} label={t("account:addresses.lastName")} autoComplete={`${type} family-name`} />
        <div className="sm:col-span-2">
          <TextField
            field={fields.addressLine1}
            label={t("account:addresses.line1")}
            autoComplete={`${type} address-line1`}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField
            field={fields.addressLine2}
            label={t("account:addresses.line2")}
            autoComplete={`${type} address-line2`}
            aria-required={false}
          />
        </div>
        <TextField field={fields.locality} label={t("account:addresses.city")} autoComplete={`${type} address-level2`} />
        <Select
          id={fields.administrativeArea.id}
          name={fields.administrativeArea.name}
          label={t("account:addresses.state")}
          options={US_STATES.map((s) => ({ value: s.code, label: s.name }))}
          defaultValue={(fields.administrativeArea.initialValue as string | undefined) ?? values.administrativeArea}
          placeholder={t("account:addresses.chooseState")}
          error={stateErrors?.length ? stateErrors.map((e) => translateMessage(t, e)).join(" ") : undefined}
          noResultsLabel={t("account:noResults")}
          required
        />
        <TextField
          field={fields.postalCode}
          label={t("account:addresses.zip")}
          hint={t("account:addresses.zipHint")}
          autoComplete={`${type} postal-code`}
          inputMode="numeric"
        />
        <TextField
          field={fields.phone}
          label={t("account:addresses.phone")}
          hint={t("account:profile.phoneHint")}
          autoComplete={`${type} tel-national`}
          inputMode="tel"
        />
        <div className="sm:col-span-2">
          <SubmitButton pending={submitting}>{t(`account:addresses.save${type === "shipping" ? "Shipping" : "Billing"}`)}</SubmitButton>
        </div>
      </Form>
    </AccountSection>
  );
}
