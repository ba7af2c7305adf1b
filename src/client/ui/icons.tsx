/** The few icons of the navigation, drawn inline (no icon font, no extra request). Decorative: aria-hidden. */
export type IconName = 'home' | 'dogs' | 'diary' | 'profile' | 'admin' | 'camera' | 'paw' | 'alert' | 'plus' | 'litter' | 'community';

const PATHS: Record<IconName, string> = {
  home: 'M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  // A dog's face with floppy ears (the pointed ears before read as a cat).
  dogs: 'M12 4.5c1.8 0 3.4.5 4.5 1.4 2.4-.6 4.6.6 5 3 .4 2.3-.3 4.6-1.5 5.8-.8.8-2 .4-2.4-.6h-.1c0 3.4-2.5 5.9-5.5 5.9s-5.5-2.5-5.5-5.9h-.1c-.4 1-1.6 1.4-2.4.6-1.2-1.2-1.9-3.5-1.5-5.8.4-2.4 2.6-3.6 5-3 1.1-.9 2.7-1.4 4.5-1.4zM9.6 10a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zm4.8 0a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 14.2c-1 0-1.8.5-1.8 1.1s.8 1.3 1.8 1.3 1.8-.7 1.8-1.3-.8-1.1-1.8-1.1z',
  diary: 'M6 3h11a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm2 4v2h8V7zm0 4v2h8v-2z',
  profile: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.5-8 5.5V21h16v-1.5c0-3-3.6-5.5-8-5.5z',
  admin:
    'M12 2 4 5v6c0 5 3.4 9.6 8 11 4.6-1.4 8-6 8-11V5zm0 5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zm0 11c-2 0-3.7-1-4.6-2.4.1-1.5 3-2.3 4.6-2.3s4.5.8 4.6 2.3C15.7 17 14 18 12 18z',
  camera: 'M9 4 7.5 6H5a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-2.5L15 4zm3 4.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9z',
  paw: 'M12 12.5c-2.8 0-5.5 2.4-5.5 5 0 1.4 1.2 2.2 2.6 1.7.9-.3 1.9-.6 2.9-.6s2 .3 2.9.6c1.4.5 2.6-.3 2.6-1.7 0-2.6-2.7-5-5.5-5zM5 12.2c1.1 0 1.9-1.1 1.9-2.4S6.1 7.4 5 7.4 3.1 8.5 3.1 9.8 3.9 12.2 5 12.2zm14 0c1.1 0 1.9-1.1 1.9-2.4S20.1 7.4 19 7.4s-1.9 1.1-1.9 2.4.8 2.4 1.9 2.4zM8.8 8.4c1.1 0 2-1.2 2-2.7S9.9 3 8.8 3s-2 1.2-2 2.7.9 2.7 2 2.7zm6.4 0c1.1 0 2-1.2 2-2.7S16.3 3 15.2 3s-2 1.2-2 2.7.9 2.7 2 2.7z',
  alert: 'M12 2 1 21h22zm-1 7h2v6h-2zm0 8h2v2h-2z',
  plus: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z',
  // Two speech bubbles.
  community:
    'M3 4h12a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H8l-4 3v-3H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zm15 4h3a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-1v3l-4-3h-5a1 1 0 0 1-1-1v-2h6a2 2 0 0 0 2-2z',
  // Three small paws: a litter.
  litter:
    'M6 14c-1.7 0-3.3 1.4-3.3 3 0 .9.7 1.3 1.6 1 .5-.2 1.1-.3 1.7-.3s1.2.1 1.7.3c.9.3 1.6-.1 1.6-1 0-1.6-1.6-3-3.3-3zm12 0c-1.7 0-3.3 1.4-3.3 3 0 .9.7 1.3 1.6 1 .5-.2 1.1-.3 1.7-.3s1.2.1 1.7.3c.9.3 1.6-.1 1.6-1 0-1.6-1.6-3-3.3-3zM12 4c-1.7 0-3.3 1.4-3.3 3 0 .9.7 1.3 1.6 1 .5-.2 1.1-.3 1.7-.3s1.2.1 1.7.3c.9.3 1.6-.1 1.6-1 0-1.6-1.6-3-3.3-3z',
};

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg class="icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
