import { Monitor, Moon, Sun } from 'lucide-react';
import { useIntl } from 'react-intl';
import { THEMES } from '../../lib/theme';
import { Button } from '../ui/button';
import { useTheme } from './theme-provider';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/**
 * One button that cycles light -> dark -> system. A plain button rather than a menu keeps the
 * menu library out of the landing page's first download.
 */
export function ModeToggle() {
  const { theme, setTheme } = useTheme();
  const next = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length];
  const Icon = ICONS[theme];
  const intl = useIntl();
  const label = intl.formatMessage(
    {
      id: 'site.modeToggle.label',
      defaultMessage:
        'Theme: {theme, select, light {Light} dark {Dark} other {System}}. Switch to {next, select, light {light} dark {dark} other {system}} theme',
    },
    { theme, next },
  );
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={() => setTheme(next)}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
