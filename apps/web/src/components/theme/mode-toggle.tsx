import { Monitor, Moon, Sun } from 'lucide-react';
import { THEMES, type Theme } from '../../lib/theme';
import { Button } from '../ui/button';
import { useTheme } from './theme-provider';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;
const LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/**
 * One button that cycles light -> dark -> system. A plain button rather than a menu keeps the
 * menu library out of the landing page's first download.
 */
export function ModeToggle() {
  const { theme, setTheme } = useTheme();
  const next = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length];
  const Icon = ICONS[theme];
  const label = `Theme: ${LABELS[theme]}. Switch to ${LABELS[next].toLowerCase()} theme`;
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={() => setTheme(next)}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
