/**
 * The examples of each /_design/components/{component} page: every variant and state, inside real
 * forms where the component holds a value, so each value can be submitted without JavaScript and is
 * echoed back by the page (see Submitted in shared.tsx).
 */
import type { ReactNode } from "react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/lib/use-translation";
import { Alert } from "~/components/ui/alert";
import { Avatar } from "~/components/ui/avatar";
import { Badge, taskStatusBadgeVariant, type BadgeVariant, type TaskStatus } from "~/components/ui/badge";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Button } from "~/components/ui/button";
import { ButtonGroup } from "~/components/ui/button-group";
import { Chart } from "~/components/ui/chart";
import { Checkbox } from "~/components/ui/checkbox";
import { FeaturedIcon } from "~/components/ui/featured-icon";
import {
  AlertTriangleIcon,
  CalendarIcon,
  CheckCircleIcon,
  HeartIcon,
  InfoIcon,
  MailIcon,
  PlusIcon,
  SearchIcon,
  UserIcon,
} from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import { RadioGroup } from "~/components/ui/radio";
import { SearchInput } from "~/components/ui/search-input";
import { Select, type SelectOption } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { Tabs } from "~/components/ui/tabs";
import { TagInput } from "~/components/ui/tag-input";
import { Textarea } from "~/components/ui/textarea";
import { Tooltip } from "~/components/ui/tooltip";
import { DemoSection, ThemeField, withTheme, type ComponentName, type PreviewTheme } from "./shared";

export interface DemoProps {
  theme: PreviewTheme | undefined;
  /** The page's query values (tab, modal, q…). */
  query: Record<string, string>;
}

/** A GET form (or POST to this route's action) with a submit button, for the examples. */
function DemoForm({
  id,
  method = "get",
  theme,
  children,
  submitLabel,
}: {
  id: string;
  method?: "get" | "post";
  theme: PreviewTheme | undefined;
  children: ReactNode;
  submitLabel?: string;
}) {
  const { t } = useTranslation("design");
  return (
    <Form id={id} method={method} className="grid gap-6" preventScrollReset>
      {method === "get" ? <ThemeField theme={theme} /> : null}
      {children}
      <div>
        <Button type="submit" variant="primary">
          {submitLabel ?? t("common.submit")}
        </Button>
      </div>
    </Form>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function AlertDemo() {
  const { t } = useTranslation("design");
  return (
    <>
      <DemoSection title={t("alert.variants")} description={t("alert.variantsHelp")} className="grid gap-4">
        <Alert variant="info" title={t("alert.infoTitle")}>
          {t("alert.infoBody")}
        </Alert>
        <Alert variant="success" title={t("alert.successTitle")}>
          {t("alert.successBody")}
        </Alert>
        <Alert variant="warning" title={t("alert.warningTitle")}>
          {t("alert.warningBody")}
        </Alert>
        <Alert variant="error" title={t("alert.errorTitle")}>
          {t("alert.errorBody")}
        </Alert>
      </DemoSection>
      <DemoSection title={t("alert.withActions")} className="grid gap-4">
        <Alert
          variant="warning"
          live="none"
          title={t("alert.actionsTitle")}
          actions={
            <Button asChild variant="outline" size="sm">
              <Link to="/_design/components/button">{t("alert.actionsLink")}</Link>
            </Button>
          }
        >
          {t("alert.actionsBody")}
        </Alert>
        <Alert variant="info" live="none">
          {t("alert.noTitle")}
        </Alert>
      </DemoSection>
    </>
  );
}

/* ------------------------------------------------------------------------------------------------ */

// A 64×64 picture as a data URI (the CSP allows data: images), so the example needs no file.
const SAMPLE_AVATAR =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0f5f57"/><circle cx="32" cy="25" r="12" fill="#eaf6f4"/><path d="M10 60c2-13 11-20 22-20s20 7 22 20z" fill="#eaf6f4"/></svg>',
  );

function AvatarDemo() {
  const { t } = useTranslation("design");
  const sizes = ["xs", "sm", "md", "lg", "xl"] as const;
  return (
    <>
      <DemoSection title={t("avatar.image")} className="flex flex-wrap items-end gap-4">
        {sizes.map((size) => (
          <Avatar key={size} size={size} name="Maria Lopez" src={SAMPLE_AVATAR} />
        ))}
      </DemoSection>
      <DemoSection title={t("avatar.initials")} description={t("avatar.initialsHelp")} className="flex flex-wrap items-end gap-4">
        {sizes.map((size) => (
          <Avatar key={size} size={size} name="John Smith" />
        ))}
        <Avatar name="Ana" />
      </DemoSection>
      <DemoSection title={t("avatar.broken")} description={t("avatar.brokenHelp")} className="flex flex-wrap items-center gap-4">
        <Avatar name="Broken Image" src="/_design/missing-avatar.png" size="lg" />
        <span className="inline-flex items-center gap-2 text-sm">
          <Avatar name="Jane Doe" decorative size="sm" />
          Jane Doe
        </span>
      </DemoSection>
    </>
  );
}

/* ------------------------------------------------------------------------------------------------ */

const BADGE_VARIANTS: BadgeVariant[] = ["warning", "lightBlue", "success", "primary", "purple", "pink", "error", "neutral"];
const TASK_STATUSES: TaskStatus[] = [
  "todo",
  "in_progress",
  "done",
  "waiting_for_client",
  "to_verify_by_team",
  "to_be_discussed",
];

function BadgeDemo() {
  const { t } = useTranslation("design");
  return (
    <>
      <DemoSection title={t("badge.variants")} className="flex flex-wrap gap-3">
        {BADGE_VARIANTS.map((variant) => (
          <Badge key={variant} variant={variant}>
            {t(`badge.variant.${variant}`)}
          </Badge>
        ))}
      </DemoSection>
      <DemoSection title={t("badge.dot")} className="flex flex-wrap gap-3">
        {BADGE_VARIANTS.map((variant) => (
          <Badge key={variant} variant={variant} dot>
            {t(`badge.variant.${variant}`)}
          </Badge>
        ))}
      </DemoSection>
      <DemoSection title={t("badge.taskStatus")} description={t("badge.taskStatusHelp")}>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("badge.status")}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("badge.colour")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("badge.badge")}
              </th>
            </tr>
          </thead>
          <tbody>
            {TASK_STATUSES.map((status) => (
              <tr key={status} className="border-b last:border-0">
                <td className="py-2 pr-4 font-mono text-xs">{status}</td>
                <td className="py-2 pr-4">{t(`badge.variant.${taskStatusBadgeVariant[status]}`)}</td>
                <td className="py-2">
                  <Badge variant={taskStatusBadgeVariant[status]}>{t(`badge.statusLabel.${status}`)}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DemoSection>
    </>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function BreadcrumbsDemo({ theme }: DemoProps) {
  const { t } = useTranslation("design");
  return (
    <>
      <DemoSection title={t("breadcrumbs.trail")}>
        <Breadcrumbs
          label={t("breadcrumbs.label")}
          items={[
            { label: t("breadcrumbs.home"), href: withTheme("/_design/foundation", theme) },
            { label: t("breadcrumbs.components"), href: withTheme("/_design/components/alert", theme) },
            { label: t("components.breadcrumbs.title") },
          ]}
        />
      </DemoSection>
      <DemoSection title={t("breadcrumbs.long")}>
        <Breadcrumbs
          label={t("breadcrumbs.labelPatient")}
          items={[
            { label: t("breadcrumbs.patients"), href: "/_design/components/breadcrumbs" },
            { label: "Maria Lopez", href: "/_design/components/breadcrumbs" },
            { label: t("breadcrumbs.intakes"), href: "/_design/components/breadcrumbs" },
            { label: t("breadcrumbs.review") },
          ]}
        />
      </DemoSection>
    </>
  );
}

/* ------------------------------------------------------------------------------------------------ */

const BUTTON_VARIANTS = ["primary", "secondary", "outline", "ghost", "destructive", "link"] as const;

function ButtonDemo({ theme }: DemoProps) {
  const { t } = useTranslation("design");
  return (
    <>
      <DemoSection title={t("button.variants")} description={t("button.variantsHelp")}>
        <Form method="get" preventScrollReset className="grid gap-4">
          <ThemeField theme={theme} />
          <div className="flex flex-wrap items-center gap-3">
            {BUTTON_VARIANTS.map((variant) => (
              <Button key={variant} type="submit" name="intent" value={variant} variant={variant}>
                {t(`button.variant.${variant}`)}
              </Button>
            ))}
          </div>
        </Form>
      </DemoSection>
      <DemoSection title={t("button.disabled")} className="flex flex-wrap items-center gap-3">
        {BUTTON_VARIANTS.map((variant) => (
          <Button key={variant} variant={variant} disabled>
            {t(`button.variant.${variant}`)}
          </Button>
        ))}
      </DemoSection>
      <DemoSection title={t("button.loading")} description={t("button.loadingHelp")} className="flex flex-wrap items-center gap-3">
        <Button loading loadingLabel={t("button.loadingLabel")}>
          {t("button.save")}
        </Button>
        <Button variant="secondary" loading loadingLabel={t("button.loadingLabel")}>
          {t("button.save")}
        </Button>
        <Button variant="destructive" loading loadingLabel={t("button.loadingLabel")}>
          {t("button.delete")}
        </Button>
      </DemoSection>
      <DemoSection title={t("button.sizes")} className="flex flex-wrap items-center gap-3">
        <Button size="sm">{t("button.small")}</Button>
        <Button size="md">{t("button.medium")}</Button>
        <Button size="lg">{t("button.large")}</Button>
        <Button size="icon" variant="outline" aria-label={t("button.add")}>
          <PlusIcon />
        </Button>
        <Button variant="secondary">
          <CalendarIcon />
          {t("button.withIcon")}
        </Button>
      </DemoSection>
      <DemoSection title={t("button.asChild")} description={t("button.asChildHelp")} className="flex flex-wrap items-center gap-3">
        <Button asChild>
          <Link to={withTheme("/_design/foundation", theme)}>{t("button.linkToFoundation")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={withTheme("/_design/components/modal", theme)}>{t("button.linkToModal")}</Link>
        </Button>
      </DemoSection>
    </>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function ButtonGroupDemo({ theme, query }: DemoProps) {
  const { t } = useTranslation("design");
  const views = ["day", "week", "month"] as const;
  const view = query.view ?? "week";
  return (
    <>
      <DemoSection title={t("buttonGroup.attached")} description={t("buttonGroup.attachedHelp")}>
        <Form method="get" preventScrollReset>
          <ThemeField theme={theme} />
          <ButtonGroup attached aria-label={t("buttonGroup.viewLabel")}>
            {views.map((v) => (
              <Button
                key={v}
                type="submit"
                name="view"
                value={v}
                variant={v === view ? "primary" : "outline"}
                aria-pressed={v === view}
              >
                {t(`buttonGroup.view.${v}`)}
              </Button>
            ))}
          </ButtonGroup>
        </Form>
      </DemoSection>
      <DemoSection title={t("buttonGroup.spaced")}>
        <ButtonGroup aria-label={t("buttonGroup.actionsLabel")}>
          <Button variant="outline">{t("common.cancel")}</Button>
          <Button variant="secondary">{t("buttonGroup.saveDraft")}</Button>
          <Button>{t("buttonGroup.publish")}</Button>
        </ButtonGroup>
      </DemoSection>
      <DemoSection title={t("buttonGroup.vertical")}>
        <ButtonGroup orientation="vertical" attached aria-label={t("buttonGroup.verticalLabel")} className="w-48">
          <Button variant="outline">{t("buttonGroup.profile")}</Button>
          <Button variant="outline">{t("buttonGroup.billing")}</Button>
          <Button variant="outline" disabled>
            {t("buttonGroup.security")}
          </Button>
        </ButtonGroup>
      </DemoSection>
    </>
  );
}

/* ------------------------------------------------------------------------------------------------ */

const WEIGHTS = [
  { date: "2025-01-06T15:00:00Z", value: 232 },
  { date: "2025-01-20T15:00:00Z", value: 229.4 },
  { date: "2025-02-03T15:00:00Z", value: 226 },
  { date: "2025-02-17T15:00:00Z", value: 224.2 },
  { date: "2025-03-03T15:00:00Z", value: 220.8 },
  { date: "2025-03-17T15:00:00Z", value: 218 },
  { date: "2025-03-31T15:00:00Z", value: 216.6 },
  { date: "2025-04-14T15:00:00Z", value: 213 },
];

function ChartDemo() {
  const { t } = useTranslation("design");
  const labels = { date: t("chart.date"), value: t("chart.weight"), goal: t("chart.goal"), noData: t("chart.noData") };
  return (
    <>
      <DemoSection title={t("chart.line")} description={t("chart.lineHelp")}>
        <Chart data={WEIGHTS} title={t("chart.title")} unit="lb" goal={205} utcOffsetMinutes={-420} labels={labels} />
      </DemoSection>
      <DemoSection title={t("chart.withTable")}>
        <Chart data={WEIGHTS.slice(0, 4)} title={t("chart.title")} unit="lb" labels={labels} showTable height={200} />
      </DemoSection>
      <DemoSection title={t("chart.single")}>
        <Chart data={[WEIGHTS[0]]} title={t("chart.title")} unit="lb" labels={labels} height={180} />
      </DemoSection>
      <DemoSection title={t("chart.empty")}>
        <Chart data={[]} title={t("chart.title")} unit="lb" labels={labels} />
      </DemoSection>
    </>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function CheckboxDemo({ theme }: DemoProps) {
  const { t } = useTranslation("design");
  return (
    <DemoSection title={t("checkbox.states")} description={t("form.help")}>
      <DemoForm id="checkbox-form" theme={theme}>
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-sm font-medium">{t("checkbox.legend")}</legend>
          <Checkbox name="updates" value="email" label={t("checkbox.email")} />
          <Checkbox name="updates" value="sms" label={t("checkbox.sms")} defaultChecked hint={t("checkbox.smsHint")} />
          <Checkbox name="terms" label={t("checkbox.terms")} error={t("checkbox.termsError")} />
          <Checkbox name="locked" label={t("checkbox.disabled")} disabled />
          <Checkbox name="lockedOn" label={t("checkbox.disabledChecked")} disabled defaultChecked />
          <Checkbox name="all" label={t("checkbox.indeterminate")} indeterminate />
        </fieldset>
      </DemoForm>
    </DemoSection>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function FeaturedIconDemo() {
  const { t } = useTranslation("design");
  const colors = ["primary", "success", "warning", "error", "neutral", "purple"] as const;
  const icons = {
    primary: InfoIcon,
    success: CheckCircleIcon,
    warning: AlertTriangleIcon,
    error: AlertTriangleIcon,
    neutral: MailIcon,
    purple: HeartIcon,
  };
  return (
    <>
      <DemoSection title={t("featuredIcon.colours")} className="flex flex-wrap items-center gap-8">
        {colors.map((color) => {
          const Icon = icons[color];
          return (
            <FeaturedIcon key={color} color={color} label={t(`featuredIcon.color.${color}`)}>
              <Icon />
            </FeaturedIcon>
          );
        })}
      </DemoSection>
      <DemoSection title={t("featuredIcon.sizes")} className="flex flex-wrap items-center gap-8">
        {(["sm", "md", "lg", "xl"] as const).map((size) => (
          <FeaturedIcon key={size} size={size}>
            <UserIcon />
          </FeaturedIcon>
        ))}
      </DemoSection>
      <DemoSection title={t("featuredIcon.solid")} className="flex flex-wrap items-center gap-4">
        {colors.map((color) => {
          const Icon = icons[color];
          return (
            <FeaturedIcon key={color} color={color} appearance="solid">
              <Icon />
            </FeaturedIcon>
          );
        })}
      </DemoSection>
    </>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function InputDemo({ theme }: DemoProps) {
  const { t } = useTranslation("design");
  return (
    <DemoSection title={t("input.states")} description={t("form.helpPost")}>
      <DemoForm id="input-form" method="post" theme={theme}>
        <div className="grid gap-6 md:grid-cols-2">
          <Input name="firstName" label={t("input.firstName")} autoComplete="given-name" defaultValue="Maria" />
          <Input
            name="email"
            type="email"
            label={t("input.email")}
            hint={t("input.emailHint")}
            autoComplete="email"
            leading={<MailIcon />}
            required
          />
          <Input name="phone" type="tel" label={t("input.phone")} error={t("input.phoneError")} defaultValue="555" />
          <Input name="memberId" label={t("input.disabled")} disabled defaultValue="TH-00042" />
          <Input name="dob" type="date" label={t("input.dob")} />
          <Input name="search" type="search" label={t("input.hiddenLabel")} hideLabel placeholder={t("input.hiddenLabel")} leading={<SearchIcon />} />
        </div>
      </DemoForm>
    </DemoSection>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function ModalDemo({ theme, query }: DemoProps) {
  const { t } = useTranslation("design");
  const base = "/_design/components/modal";
  const closeHref = withTheme(base, theme);
  const openHref = (which: string) => withTheme(`${base}?modal=${which}`, theme);
  const [stateOpen, setStateOpen] = useState(false);
  return (
    <>
      <DemoSection title={t("modal.routeDriven")} description={t("modal.routeDrivenHelp")} className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={openHref("default")} preventScrollReset data-testid="open-modal">
            {t("modal.open")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={openHref("wide")} preventScrollReset>
            {t("modal.openWide")}
          </Link>
        </Button>
        <Button asChild variant="destructive">
          <Link to={openHref("cancel-review")} preventScrollReset>
            {t("modal.openCancelReview")}
          </Link>
        </Button>
      </DemoSection>
      <DemoSection title={t("modal.stateDriven")} description={t("modal.stateDrivenHelp")}>
        <Button variant="secondary" onClick={() => setStateOpen(true)}>
          {t("modal.openState")}
        </Button>
        <Modal open={stateOpen} onClose={() => setStateOpen(false)} title={t("modal.stateTitle")} closeLabel={t("common.close")}>
          <p>{t("modal.stateBody")}</p>
        </Modal>
      </DemoSection>

      <Modal
        open={query.modal === "default"}
        closeHref={closeHref}
        closeLabel={t("common.close")}
        title={t("modal.defaultTitle")}
        description={t("modal.defaultDescription")}
        icon={
          <FeaturedIcon color="primary">
            <InfoIcon />
          </FeaturedIcon>
        }
        footer={
          <>
            <Button asChild variant="outline">
              <Link to={closeHref} preventScrollReset>
                {t("common.cancel")}
              </Link>
            </Button>
            <Button type="submit" form="modal-form">
              {t("common.submit")}
            </Button>
          </>
        }
      >
        <Form id="modal-form" method="get" action={base} preventScrollReset className="grid gap-4">
          <ThemeField theme={theme} />
          <Input name="nickname" label={t("modal.nickname")} />
        </Form>
      </Modal>

      <Modal
        open={query.modal === "wide"}
        size="wide"
        closeHref={closeHref}
        closeLabel={t("common.close")}
        title={t("modal.wideTitle")}
        description={t("modal.wideDescription")}
        footer={
          <Button asChild variant="outline">
            <Link to={closeHref} preventScrollReset>
              {t("common.close")}
            </Link>
          </Button>
        }
      >
        <p>{t("modal.wideBody")}</p>
      </Modal>

      <Modal
        open={query.modal === "cancel-review"}
        closeHref={closeHref}
        closeLabel={t("common.close")}
        title={t("modal.cancelReviewTitle")}
        icon={
          <FeaturedIcon color="warning">
            <AlertTriangleIcon />
          </FeaturedIcon>
        }
        footer={
          <>
            <Button asChild variant="outline">
              <Link to={closeHref} preventScrollReset>
                {t("modal.continueReview")}
              </Link>
            </Button>
            <Form method="get" action={base} preventScrollReset>
              <ThemeField theme={theme} />
              <Button type="submit" name="review" value="cancelled" variant="destructive">
                {t("modal.yesCancel")}
              </Button>
            </Form>
          </>
        }
      >
        <p>{t("modal.cancelReviewBody")}</p>
      </Modal>
    </>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function RadioDemo({ theme }: DemoProps) {
  const { t } = useTranslation("design");
  const frequencies = [
    { value: "monthly", label: t("radio.monthly") },
    { value: "quarterly", label: t("radio.quarterly"), hint: t("radio.quarterlyHint") },
    { value: "yearly", label: t("radio.yearly") },
  ];
  return (
    <DemoSection title={t("radio.states")} description={t("form.help")}>
      <DemoForm id="radio-form" theme={theme}>
        <RadioGroup name="frequency" legend={t("radio.frequency")} options={frequencies} defaultValue="quarterly" />
        <RadioGroup
          name="plan"
          legend={t("radio.plan")}
          orientation="horizontal"
          options={[
            { value: "3", label: t("radio.months", { count: 3 }) },
            { value: "6", label: t("radio.months", { count: 6 }) },
            { value: "12", label: t("radio.months", { count: 12 }), disabled: true },
          ]}
          error={t("radio.planError")}
          required
        />
        <RadioGroup
          name="locked"
          legend={t("radio.disabled")}
          disabled
          defaultValue="a"
          options={[
            { value: "a", label: t("radio.optionA") },
            { value: "b", label: t("radio.optionB") },
          ]}
        />
      </DemoForm>
    </DemoSection>
  );
}

/* ------------------------------------------------------------------------------------------------ */

const STATES: SelectOption[] = [
  ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"],
  ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["FL", "Florida"], ["GA", "Georgia"],
  ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"], ["IN", "Indiana"], ["IA", "Iowa"],
  ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"], ["ME", "Maine"], ["MD", "Maryland"],
  ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"], ["MS", "Mississippi"], ["MO", "Missouri"],
  ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"], ["NH", "New Hampshire"], ["NJ", "New Jersey"],
  ["NM", "New Mexico"], ["NY", "New York"], ["NC", "North Carolina"], ["ND", "North Dakota"], ["OH", "Ohio"],
  ["OK", "Oklahoma"], ["OR", "Oregon"], ["PA", "Pennsylvania"], ["RI", "Rhode Island"], ["SC", "South Carolina"],
  ["SD", "South Dakota"], ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"],
  ["VA", "Virginia"], ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
].map(([value, label]) => ({ value, label }));

function SelectDemo({ theme }: DemoProps) {
  const { t } = useTranslation("design");
  const statuses: SelectOption[] = TASK_STATUSES.map((status) => ({ value: status, label: t(`badge.statusLabel.${status}`) }));
  return (
    <DemoSection title={t("select.states")} description={t("select.help")}>
      <DemoForm id="select-form" theme={theme}>
        <div className="grid gap-6 md:grid-cols-2">
          <Select
            name="state"
            label={t("select.state")}
            options={STATES}
            defaultValue="CA"
            hint={t("select.stateHint")}
            noResultsLabel={t("select.noResults")}
          />
          <Select
            name="status"
            label={t("select.status")}
            options={statuses}
            placeholder={t("select.placeholder")}
            deselectable
            noResultsLabel={t("select.noResults")}
            clearLabel={t("select.clear")}
            hint={t("select.deselectHint")}
          />
          <Select
            name="category"
            label={t("select.category")}
            options={[
              { value: "1", label: t("select.cat.medical") },
              { value: "2", label: t("select.cat.refund") },
              { value: "10", label: t("select.cat.other") },
            ]}
            placeholder={t("select.placeholder")}
            error={t("select.categoryError")}
            required
            noResultsLabel={t("select.noResults")}
          />
          <Select
            name="locked"
            label={t("select.disabled")}
            options={[{ value: "x", label: t("select.cat.other") }]}
            defaultValue="x"
            disabled
            noResultsLabel={t("select.noResults")}
          />
          <Select
            name="native"
            label={t("select.native")}
            options={STATES.slice(0, 8)}
            defaultValue="AZ"
            enhance={false}
            hint={t("select.nativeHint")}
          />
        </div>
      </DemoForm>
    </DemoSection>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function SwitchDemo({ theme }: DemoProps) {
  const { t } = useTranslation("design");
  return (
    <DemoSection title={t("switch.states")} description={t("form.help")}>
      <DemoForm id="switch-form" theme={theme}>
        <div className="grid gap-5">
          <Switch name="available" label={t("switch.available")} defaultChecked hint={t("switch.availableHint")} />
          <Switch name="bot" label={t("switch.bot")} />
          <Switch name="small" label={t("switch.small")} size="sm" labelPosition="end" />
          <Switch name="lockedOff" label={t("switch.disabled")} disabled />
          <Switch name="lockedOn" label={t("switch.disabledOn")} disabled defaultChecked />
        </div>
      </DemoForm>
    </DemoSection>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function TabsDemo({ query }: DemoProps) {
  const { t } = useTranslation("design");
  const panel = (text: string) => <p className="text-sm text-muted-foreground">{text}</p>;
  return (
    <>
      <DemoSection title={t("tabs.query")} description={t("tabs.queryHelp")}>
        <Tabs
          label={t("tabs.patientTabs")}
          mode="query"
          value={query.tab}
          items={[
            { id: "overview", label: t("tabs.overview"), content: panel(t("tabs.overviewBody")) },
            { id: "visits", label: t("tabs.visits"), content: panel(t("tabs.visitsBody")), badge: <Badge variant="primary">3</Badge> },
            { id: "notes", label: t("tabs.notes"), content: panel(t("tabs.notesBody")) },
            { id: "orders", label: t("tabs.orders"), content: panel(t("tabs.ordersBody")) },
          ]}
        />
      </DemoSection>
      <DemoSection title={t("tabs.hash")} description={t("tabs.hashHelp")}>
        <Tabs
          label={t("tabs.searchTabs")}
          mode="hash"
          items={[
            { id: "treatments", label: t("tabs.treatments"), content: panel(t("tabs.treatmentsBody")) },
            { id: "tasks", label: t("tabs.tasks"), content: panel(t("tabs.tasksBody")) },
            { id: "providers", label: t("tabs.providers"), content: panel(t("tabs.providersBody")) },
          ]}
        />
      </DemoSection>
    </>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function TextareaDemo({ theme }: DemoProps) {
  const { t } = useTranslation("design");
  return (
    <DemoSection title={t("textarea.states")} description={t("form.helpPost")}>
      <DemoForm id="textarea-form" method="post" theme={theme}>
        <Textarea name="note" label={t("textarea.note")} hint={t("textarea.noteHint")} />
        <Textarea name="comment" label={t("textarea.comment")} rows={3} error={t("textarea.commentError")} />
        <Textarea name="locked" label={t("textarea.disabled")} rows={2} disabled defaultValue={t("textarea.disabledValue")} />
      </DemoForm>
    </DemoSection>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function TooltipDemo() {
  const { t } = useTranslation("design");
  const sides = ["top", "right", "bottom", "left"] as const;
  return (
    <>
      <DemoSection title={t("tooltip.sides")} description={t("tooltip.help")} className="flex flex-wrap items-center gap-6 py-16">
        {sides.map((side) => (
          <Tooltip key={side} side={side} content={t("tooltip.content", { side: t(`tooltip.side.${side}`) })}>
            <Button variant="outline">{t(`tooltip.side.${side}`)}</Button>
          </Tooltip>
        ))}
      </DemoSection>
      <DemoSection title={t("tooltip.icon")} className="flex items-center gap-3 py-12">
        <span className="text-sm">{t("tooltip.bmi")}</span>
        <Tooltip content={t("tooltip.bmiHelp")} side="right">
          <Button size="icon" variant="ghost" aria-label={t("tooltip.bmiButton")}>
            <InfoIcon />
          </Button>
        </Tooltip>
      </DemoSection>
    </>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function TagInputDemo({ theme }: DemoProps) {
  const { t } = useTranslation("design");
  return (
    <DemoSection title={t("tagInput.states")} description={t("tagInput.help")}>
      <DemoForm id="tag-input-form" method="post" theme={theme}>
        <TagInput
          name="tags"
          label={t("tagInput.tags")}
          defaultValue={["weight-loss", "follow-up"]}
          placeholder={t("tagInput.placeholder")}
          hint={t("tagInput.hint")}
          removeLabel={(tag) => t("tagInput.remove", { tag })}
          addedMessage={(tag) => t("tagInput.added", { tag })}
          removedMessage={(tag) => t("tagInput.removed", { tag })}
        />
        <TagInput
          name="allergies"
          label={t("tagInput.allergies")}
          error={t("tagInput.allergiesError")}
          removeLabel={(tag) => t("tagInput.remove", { tag })}
          addedMessage={(tag) => t("tagInput.added", { tag })}
          removedMessage={(tag) => t("tagInput.removed", { tag })}
        />
        <TagInput name="locked" label={t("tagInput.disabled")} defaultValue={["vip"]} disabled removeLabel={(tag) => t("tagInput.remove", { tag })} />
      </DemoForm>
    </DemoSection>
  );
}

/* ------------------------------------------------------------------------------------------------ */

const SEARCHABLE = ["Semaglutide", "Tirzepatide", "Metformin", "Sildenafil", "Tadalafil", "Finasteride", "Minoxidil", "Vitamin B12"];

function SearchInputDemo({ theme, query }: DemoProps) {
  const { t } = useTranslation("design");
  const q = (query.q ?? "").trim().toLowerCase();
  const results = q ? SEARCHABLE.filter((name) => name.toLowerCase().includes(q)) : [];
  const [live, setLive] = useState<string | null>(null);
  const liveResults = live ? SEARCHABLE.filter((name) => name.toLowerCase().includes(live.toLowerCase())) : [];
  return (
    <>
      <DemoSection title={t("searchInput.page")} description={t("searchInput.pageHelp")}>
        <SearchInput
          label={t("searchInput.label")}
          showLabel
          placeholder={t("searchInput.placeholder")}
          submitLabel={t("searchInput.submit")}
          defaultValue={query.q ?? ""}
          hiddenFields={theme ? { theme } : undefined}
        />
        <div className="mt-4 text-sm" data-testid="search-results">
          {q ? (
            results.length > 0 ? (
              <>
                <p className="mb-2 text-muted-foreground">{t("searchInput.count", { count: results.length })}</p>
                <ul className="grid gap-1">
                  {results.map((name) => (
                    <li key={name}>{name}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-muted-foreground">{t("searchInput.none")}</p>
            )
          ) : (
            <p className="text-muted-foreground">{t("searchInput.prompt")}</p>
          )}
        </div>
      </DemoSection>
      <DemoSection title={t("searchInput.callback")} description={t("searchInput.callbackHelp")}>
        <SearchInput
          label={t("searchInput.labelCallback")}
          name="live"
          placeholder={t("searchInput.placeholder")}
          submitLabel={t("searchInput.submit")}
          onSearch={(text) => setLive(text || null)}
          hiddenFields={theme ? { theme } : undefined}
        />
        <div className="mt-4 text-sm" data-testid="live-results" aria-live="polite">
          {live === null ? (
            <p className="text-muted-foreground">{t("searchInput.prompt")}</p>
          ) : liveResults.length ? (
            <ul className="grid gap-1">
              {liveResults.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">{t("searchInput.none")}</p>
          )}
        </div>
      </DemoSection>
    </>
  );
}

export const DEMOS: Record<ComponentName, (props: DemoProps) => ReactNode> = {
  alert: AlertDemo,
  avatar: AvatarDemo,
  badge: BadgeDemo,
  breadcrumbs: BreadcrumbsDemo,
  button: ButtonDemo,
  "button-group": ButtonGroupDemo,
  chart: ChartDemo,
  checkbox: CheckboxDemo,
  "featured-icon": FeaturedIconDemo,
  input: InputDemo,
  modal: ModalDemo,
  radio: RadioDemo,
  select: SelectDemo,
  switch: SwitchDemo,
  tabs: TabsDemo,
  textarea: TextareaDemo,
  tooltip: TooltipDemo,
  "tag-input": TagInputDemo,
  "search-input": SearchInputDemo,
};

/** Component pages whose forms post to the route action (the others use GET). */
export const POST_DEMOS: ReadonlySet<ComponentName> = new Set(["input", "textarea", "tag-input"]);

/** Component pages with forms, whose submitted values are echoed. */
export const FORM_DEMOS: ReadonlySet<ComponentName> = new Set([
  "button",
  "button-group",
  "checkbox",
  "input",
  "modal",
  "radio",
  "select",
  "switch",
  "textarea",
  "tag-input",
  "search-input",
]);
