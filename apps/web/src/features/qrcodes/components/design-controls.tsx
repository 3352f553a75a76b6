import { QR_DOT_STYLES, QR_ERROR_CORRECTION_LEVELS, QR_MAX_MARGIN, type QrDesignInput } from '@qrd/contracts';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/utils';

const LEVELS: Record<string, string> = {
  L: 'Low (7%)',
  M: 'Medium (15%)',
  Q: 'Quartile (25%)',
  H: 'High (30%)',
};
const STYLES: Record<string, string> = { square: 'Square', rounded: 'Rounded', dots: 'Dots' };
const HEX = /^#[0-9a-fA-F]{6}$/;

interface DesignControlsProps {
  design: QrDesignInput;
  hasLogo: boolean;
  onChange: (design: QrDesignInput) => void;
}

function ColourField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={HEX.test(value) ? value : '#000000'}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-12 cursor-pointer rounded-md border border-input bg-background p-1"
        />
        <Input id={id} value={value} onChange={(event) => onChange(event.target.value.trim())} maxLength={7} spellCheck={false} className="font-mono" />
      </div>
    </div>
  );
}

/** Colours, error correction, quiet-zone margin and dot style of a design. */
export function DesignControls({ design, hasLogo, onChange }: DesignControlsProps) {
  const set = <K extends keyof QrDesignInput>(key: K, value: QrDesignInput[K]) => onChange({ ...design, [key]: value });
  return (
    <div className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <ColourField id="design-foreground" label="Foreground colour" value={design.foreground} onChange={(v) => set('foreground', v)} />
        <ColourField id="design-background" label="Background colour" value={design.background} onChange={(v) => set('background', v)} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Dot style</legend>
        <div className="flex flex-wrap gap-2">
          {QR_DOT_STYLES.map((style) => (
            <label
              key={style}
              className={cn(
                'cursor-pointer rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              )}
            >
              <input type="radio" name="dot-style" value={style} checked={design.dotStyle === style} onChange={() => set('dotStyle', style)} className="sr-only" />
              {STYLES[style]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Error correction</legend>
        <div className="flex flex-wrap gap-2">
          {QR_ERROR_CORRECTION_LEVELS.map((level) => (
            <label
              key={level}
              className="cursor-pointer rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="error-correction"
                value={level}
                checked={(hasLogo ? 'H' : design.errorCorrection) === level}
                disabled={hasLogo}
                onChange={() => set('errorCorrection', level)}
                className="sr-only"
              />
              {LEVELS[level]}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          {hasLogo ? 'A logo covers part of the code, so the highest level is always used with one.' : 'Higher levels survive dirt and damage but make the code denser.'}
        </p>
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="design-margin">Margin: {design.margin} modules</Label>
        <input
          id="design-margin"
          type="range"
          min={0}
          max={QR_MAX_MARGIN}
          step={1}
          value={design.margin}
          onChange={(event) => set('margin', Number(event.target.value))}
          className="w-full accent-[var(--primary)]"
        />
        <p className="text-xs text-muted-foreground">Scanners need a quiet border; 4 is the standard, less only if the print has white space around it.</p>
      </div>
    </div>
  );
}
