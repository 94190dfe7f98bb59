/** Query parameters as hidden inputs, so that a form submitted as a GET keeps them in the URL. */
export function HiddenParams({ params, except = [] }: { params: URLSearchParams; except?: readonly string[] }) {
  return (
    <>
      {[...params.entries()]
        .filter(([name]) => !except.includes(name))
        .map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}
