import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 20, children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function SendIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 12 20 4l-4 16-4-7-8-1z" />
      <path d="m12 13 8-9" />
    </Icon>
  );
}

export function PhotoIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="10" r="1.6" />
      <path d="m21 16-5-5-8 8" />
    </Icon>
  );
}

export function BackIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M15 5 8 12l7 7" />
    </Icon>
  );
}

export function GroupIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 19c.6-3 3-5 6-5s5.4 2 6 5" />
      <circle cx="17" cy="9" r="2.4" />
      <path d="M16 14c2.6 0 4.4 1.6 5 4" />
    </Icon>
  );
}

/** One tick: sent; two: read. */
export function TicksIcon({ double, ...props }: IconProps & { double: boolean }) {
  return (
    <Icon {...props} viewBox="0 0 28 24">
      <path d="m3 13 4.5 4.5L17 8" />
      {double && <path d="m12 17.5 1 0 9.5-9.5" />}
    </Icon>
  );
}
