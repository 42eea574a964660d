/**
 * How a select's trigger looks, like Input, shared by Radix's trigger (select.tsx) and the button
 * that stands in for it until the select's code has loaded (choice-select.tsx), which must not
 * import Radix.
 */
export const SELECT_TRIGGER_CLASSES = [
  'flex h-10 w-full cursor-pointer items-center justify-between gap-2 whitespace-nowrap rounded-md border border-input bg-card px-3 py-2 text-left text-sm text-foreground shadow-card',
  'transition-[border-color,box-shadow] duration-150 data-placeholder:text-muted-foreground',
  'outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25',
  'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/20',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60',
  '*:data-[slot=select-value]:line-clamp-1 *:data-[slot=select-value]:flex *:data-[slot=select-value]:items-center *:data-[slot=select-value]:gap-2',
  "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
].join(' ');
