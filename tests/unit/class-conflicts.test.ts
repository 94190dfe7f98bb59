/**
 * `cn()` is plain clsx (app/lib/utils.ts): no tailwind-merge in the browser, so nothing drops the earlier of two
 * conflicting utilities any more. This renders the components of app/components/ui (and the app's own that take
 * classes) in their states — variants, sizes, disabled, errors, hints, before and after hydration — with the
 * classes their callers pass, and requires one class per property and state in every class list
 * (tests/support/class-conflicts.ts). The web route sweep checks the server markup of every page the same way.
 */
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { classConflicts, conflictsInHtml, groupOf } from "../support/class-conflicts";

const state = vi.hoisted(() => ({ hydrated: false }));
vi.mock("~/components/ui/use-hydrated", () => ({ useHydrated: () => state.hydrated }));
vi.mock("~/lib/use-hydrated", () => ({ useHydrated: () => state.hydrated }));

const { Alert } = await import("~/components/ui/alert");
const { Avatar } = await import("~/components/ui/avatar");
const { Badge } = await import("~/components/ui/badge");
const { Breadcrumbs } = await import("~/components/ui/breadcrumbs");
const { Button, buttonVariants } = await import("~/components/ui/button");
const { ButtonGroup } = await import("~/components/ui/button-group");
const { Chart } = await import("~/components/ui/chart");
const { Checkbox } = await import("~/components/ui/checkbox");
const { FeaturedIcon } = await import("~/components/ui/featured-icon");
const { controlClasses, controlFrameClasses, FieldError, FieldHint, FieldLabel } = await import("~/components/ui/field");
const { Input } = await import("~/components/ui/input");
const { Modal } = await import("~/components/ui/modal");
const { RadioGroup } = await import("~/components/ui/radio");
const { SearchInput } = await import("~/components/ui/search-input");
const { Select } = await import("~/components/ui/select");
const { Switch } = await import("~/components/ui/switch");
const { Tabs } = await import("~/components/ui/tabs");
const { TagInput } = await import("~/components/ui/tag-input");
const { Textarea } = await import("~/components/ui/textarea");
const { Tooltip } = await import("~/components/ui/tooltip");
const { Heading } = await import("~/components/account-security/shared");
const { cn } = await import("~/lib/utils");

/** The markup of `node` inside a router (links, forms), before or after hydration. */
function render(node: ReactNode, hydrated: boolean): string {
  state.hydrated = hydrated;
  const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
  return renderToStaticMarkup(h(Stub, { initialEntries: ["/"] }));
}

const VARIANTS = ["primary", "secondary", "outline", "ghost", "destructive", "destructiveGhost", "link"] as const;
const SIZES = ["sm", "md", "lg", "icon"] as const;
const options = [
  { value: "a", label: "Alpha" },
  { value: "b", label: "Beta", disabled: true },
  { value: "c", label: "Gamma" },
];

/** Each component in the states and with the classes the app gives it (callers' className in app/**). */
const CASES: Record<string, ReactNode> = {
  buttons: [
    ...VARIANTS.flatMap((variant) => SIZES.map((size) => h(Button, { key: `${variant}-${size}`, variant, size }, "B"))),
    h(Button, { key: "d", disabled: true, loading: true, loadingLabel: "Saving" }, "B"),
    h(Button, { key: "as", asChild: true, variant: "outline" }, h("a", { href: "/" }, "L")),
    // billing, email section, two-factor, password section, the edit-task modal
    h(Button, { key: "c1", className: "mt-3" }, "B"),
    h(Button, { key: "c2", variant: "outline", size: "sm", className: "mt-2" }, "B"),
    h(Button, { key: "c3", variant: "destructive", size: "lg", className: "self-start" }, "B"),
    h(Button, { key: "c4", size: "lg", className: "self-start" }, "B"),
    h(Button, { key: "c5", variant: "destructiveGhost", className: "mr-auto" }, "B"),
    // the task picker's links and buttons
    h("a", { key: "v1", className: cn(buttonVariants({ variant: "destructiveGhost" }), "mr-auto") }, "L"),
    h("button", { key: "v2", className: buttonVariants({ variant: "link", align: "start" }) }, "B"),
    h("button", { key: "v3", className: cn(buttonVariants({ variant: "outline", size: "sm" }), "justify-self-start") }, "B"),
    h("button", { key: "v4", className: buttonVariants({ variant: "ghost", size: "sm" }) }, "B"),
  ],
  "button groups": (["horizontal", "vertical"] as const).flatMap((orientation) =>
    [false, true].map((attached) =>
      h(ButtonGroup, { key: `${orientation}-${attached}`, orientation, attached, "aria-label": "G", className: "w-48" }, h(Button, null, "A"), h(Button, null, "B")),
    ),
  ),
  fields: [
    h(FieldLabel, { key: "l", htmlFor: "x", required: true }, "Label"),
    h(FieldLabel, { key: "l2", htmlFor: "x", className: "sr-only" }, "Label"),
    h(FieldHint, { key: "h" }, "Hint"),
    h(FieldHint, { key: "h2", className: "mt-0" }, "Hint"),
    h(FieldHint, { key: "h3", className: "col-start-2 mt-0.5" }, "Hint"),
    h(FieldError, { key: "e" }, "Error"),
    h(FieldError, { key: "e2", className: "mt-0" }, "Error"),
    h(FieldError, { key: "e3", className: "col-start-2 mt-1" }, "Error"),
    // the tasks page's selects and the task picker's fields
    h("select", { key: "s1", className: cn(controlClasses, "h-10") }),
    h("select", { key: "s2", className: cn(controlClasses, "h-9") }),
    h("input", { key: "i1", className: cn(controlClasses, "h-9 min-w-0") }),
    h("input", { key: "i2", className: cn(controlClasses, "h-9 pl-9") }),
    ...[false, true].map((error) =>
      h("button", {
        key: `t-${error}`,
        className: cn(controlFrameClasses, "flex h-10 items-center justify-between gap-2 bg-background py-2 pr-16 text-left", error ? "border-error" : "border-input"),
      }),
    ),
  ],
  inputs: [
    h(Input, { key: "1", label: "Name", hint: "Hint", required: true }),
    h(Input, { key: "2", label: "Name", error: "Error", hideLabel: true, leading: h("svg"), containerClassName: "sm:col-span-2" }),
    h(Input, {
      key: "3",
      type: "file",
      label: "Picture",
      error: "Error",
      className: "cursor-pointer file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:font-medium",
    }),
    h(Input, { key: "4", label: "Name", disabled: true }),
    h(Textarea, { key: "5", label: "Text", hint: "Hint", error: "Error", hideLabel: true }),
  ],
  choices: [
    h(Checkbox, { key: "1", label: "Yes", hint: "Hint", error: "Error", containerClassName: "sm:col-span-6" }),
    h(Checkbox, { key: "2", label: "Yes", disabled: true }),
    h(RadioGroup, { key: "3", name: "r", legend: "Pick", options: [...options, { value: "d", label: "D", hint: "Hint" }], hint: "Hint", error: "Error", required: true }),
    h(RadioGroup, { key: "4", name: "r2", legend: "Pick", hideLegend: true, options, disabled: true, orientation: "horizontal" }),
    ...(["sm", "md"] as const).flatMap((size) =>
      [false, true].map((disabled) =>
        h(Switch, { key: `${size}-${disabled}`, label: "On", hint: "Hint", size, disabled, labelPosition: disabled ? "end" : "start" }),
      ),
    ),
  ],
  selects: [
    h(Select, { key: "1", name: "s", label: "Pick", options, defaultValue: "a", hint: "Hint", deselectable: true, required: true }),
    h(Select, { key: "2", name: "s2", label: "Pick", options, placeholder: "…", error: "Error", disabled: true, hideLabel: true }),
    h(Select, { key: "3", name: "s3", label: "Pick", options, defaultValue: "c", enhance: false }),
  ],
  "tag inputs": [
    h(TagInput, { key: "1", name: "t", label: "Tags", defaultValue: ["a", "b"], hint: "Hint" }),
    h(TagInput, { key: "2", name: "t2", label: "Tags", defaultValue: ["a"], error: "Error", hideLabel: true }),
    h(TagInput, { key: "3", name: "t3", label: "Tags", defaultValue: ["a"], disabled: true, maxTags: 1 }),
  ],
  "status and media": [
    ...(["warning", "lightBlue", "success", "primary", "purple", "pink", "error", "neutral"] as const).map((variant) => h(Badge, { key: variant, variant, dot: true }, "B")),
    ...(["info", "success", "warning", "error"] as const).map((variant) => h(Alert, { key: variant, variant, title: "T", actions: h(Button, null, "A") }, "Text")),
    ...(["xs", "sm", "md", "lg", "xl"] as const).map((size) => h(Avatar, { key: size, size, name: "Ana Diaz", src: size === "xl" ? "/a.png" : null })),
    ...(["primary", "success", "warning", "error", "neutral", "purple"] as const).flatMap((color) =>
      (["solid", "ring"] as const).map((appearance) => h(FeaturedIcon, { key: `${color}-${appearance}`, color, appearance, size: "lg" }, h("svg"))),
    ),
    ...(["top", "bottom", "left", "right"] as const).map((side) => h(Tooltip, { key: side, side, content: "Tip", children: h("button", null, "?") })),
    h(Chart, { key: "c", title: "Weight", unit: "lb", goal: 180, showTable: true, data: [{ date: "2026-01-01", value: 200 }, { date: "2026-02-01", value: 195 }] }),
    h(Chart, { key: "c2", title: "Weight", data: [] }),
  ],
  navigation: [
    h(Breadcrumbs, { key: "b", items: [{ label: "Home", href: "/" }, { label: "Here" }] }),
    h(Tabs, { key: "t", label: "Tabs", items: [{ id: "a", label: "A", content: "A", badge: h(Badge, null, "1") }, { id: "b", label: "B", content: "B" }] }),
    h(Tabs, { key: "t2", label: "Tabs", mode: "hash", items: [{ id: "a", label: "A", content: "A" }, { id: "b", label: "B", content: "B" }] }),
    h(SearchInput, { key: "s", label: "Search", submitLabel: "Go", hiddenFields: { tab: "a" } }),
    h(SearchInput, { key: "s2", label: "Search", submitLabel: "Go", showLabel: true }),
  ],
  modals: [
    h(Modal, { key: "1", open: true, title: "T", description: "D", closeHref: "/", footer: h(Button, null, "OK"), icon: h(FeaturedIcon, null, h("svg")) }, "Body"),
    h(Modal, { key: "2", open: true, title: "T", size: "wide", onClose: () => {} }, "Body"),
  ],
  headings: ([2, 3, 4] as const).flatMap((level) => [
    h(Heading, { key: `${level}`, level, children: "H" }),
    h(Heading, { key: `${level}b`, level, size: "base", children: "H" }),
  ]),
};

describe("no conflicting utilities in the components' class lists", () => {
  for (const [name, node] of Object.entries(CASES)) {
    for (const hydrated of [false, true]) {
      it(`${name}, ${hydrated ? "after" : "before"} hydration`, () => {
        const html = render(node, hydrated);
        expect(html).toContain('class="');
        expect(conflictsInHtml(html)).toEqual([]);
      });
    }
  }
});

describe("the conflict detector", () => {
  it("reports two classes that set one property under the same variants", () => {
    expect(classConflicts("h-10 px-4 h-auto px-0")).toEqual([
      ["h-10", "h-auto"],
      ["px-4", "px-0"],
    ]);
    expect(classConflicts("block w-full flex")).toEqual([["block", "flex"]]);
    expect(classConflicts("text-sm text-foreground text-muted-foreground text-base")).toEqual([
      ["text-foreground", "text-muted-foreground"],
      ["text-sm", "text-base"],
    ]);
    expect(classConflicts("border border-input border-error/30 rounded-md rounded-full")).toEqual([
      ["border-input", "border-error/30"],
      ["rounded-md", "rounded-full"],
    ]);
    expect(classConflicts("hover:bg-muted hover:bg-card sm:mt-0 sm:mt-2 cursor-pointer cursor-not-allowed font-medium font-bold")).toHaveLength(4);
    expect(classConflicts("[&>*]:rounded-none [&>*]:rounded-md flex-wrap flex-nowrap -mt-px mt-2")).toHaveLength(3);
  });
  it("leaves alone what does not conflict", () => {
    // Shorthand and longhand: the style sheet puts the longhand last, so it wins whatever the order here.
    expect(classConflicts("px-3 pl-9 p-6 py-16 border border-b-2 size-10 h-auto gap-3 gap-x-6 rounded-none rounded-l-md")).toEqual([]);
    // Different variants, or different properties of one family.
    expect(classConflicts("text-base sm:text-sm text-foreground text-left font-medium font-mono bg-muted hover:bg-card")).toEqual([]);
    expect(classConflicts("border-b-2 border-primary outline-2 outline-ring outline-offset-2 ring-8 ring-primary-subtle/60")).toEqual([]);
    expect(classConflicts("[&_svg]:size-4 size-10 after:content-[attr(data-initials)] content-start flex flex-col")).toEqual([]);
    // The same class twice, and classes of its own (ui-…, group, peer).
    expect(classConflicts("flex flex ui-modal ui-tooltip-root group peer")).toEqual([]);
  });
  it("knows the groups of the utilities the app uses", () => {
    const cases: [string, string | null][] = [
      ["inline-flex", "display"], ["hidden", "display"], ["absolute", "position"], ["flex-1", "flex"], ["shrink-0", "shrink"],
      ["justify-self-start", "justify-self"], ["items-center", "items"], ["col-start-2", "col-start"], ["col-span-6", "col-span"], ["ui-modal", null],
      ["-mb-px", "mb"], ["-translate-y-1/2", "translate-y"], ["text-[0.625rem]", "font-size"], ["text-error/90", "text-color"],
      ["bg-primary-subtle", "bg-color"], ["border-l-4", "border-width-l"], ["border-transparent", "border-color"],
      ["rounded-t-sm", "rounded-t"], ["max-h-[250px]", "max-h"], ["overflow-y-auto", "overflow-y"], ["underline", "text-decoration-line"],
    ];
    for (const [cls, group] of cases) expect(groupOf(cls), cls).toBe(group);
  });
});
