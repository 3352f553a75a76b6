import {
  QR_DOT_STYLES,
  QR_ERROR_CORRECTION_LEVELS,
  QR_EYE_STYLES,
  QR_FRAME_MIN_MARGIN,
  QR_FRAME_STYLES,
  QR_FRAME_TEXT_MAX_LENGTH,
  QR_FRAME_TEXT_PRESETS,
  QR_MAX_MARGIN,
  type QrDesignInput,
} from '@qrd/contracts';
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
const EYES: Record<string, string> = { match: 'Match dots', square: 'Square', rounded: 'Rounded', circle: 'Circle' };
const FRAMES: Record<string, string> = { none: 'No frame', label: 'Text below', border: 'Frame with banner' };
const HEX = /^#[0-9a-fA-F]{6}$/;
const CHOICE =
  'cursor-pointer rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';

function Choices<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<string, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option} className={CHOICE}>
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} className="sr-only" />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="h-4 w-4 accent-[var(--primary)]" />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

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

/** Colours (solid or a gradient), transparency, dot and eye styles, frame, error correction and quiet-zone margin of a design. */
export function DesignControls({ design, hasLogo, onChange }: DesignControlsProps) {
  const set = <K extends keyof QrDesignInput>(key: K, value: QrDesignInput[K]) => onChange({ ...design, [key]: value });
  return (
    <div className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <ColourField id="design-foreground" label="Foreground colour" value={design.foreground} onChange={(v) => set('foreground', v)} />
        <ColourField id="design-background" label="Background colour" value={design.background} onChange={(v) => set('background', v)} />
      </div>
      <div className="grid gap-3">
        <Toggle
          id="design-gradient"
          label="Gradient foreground"
          checked={Boolean(design.gradient)}
          onChange={(on) => set('gradient', on ? { to: design.foreground === '#1b5e20' ? '#0d47a1' : '#1b5e20', angle: 45 } : null)}
        />
        {design.gradient && (
          <div className="grid gap-4 sm:grid-cols-2">
            <ColourField
              id="design-gradient-to"
              label="Gradient end colour"
              value={design.gradient.to}
              onChange={(to) => set('gradient', { angle: design.gradient?.angle ?? 0, to })}
            />
            <div className="grid gap-2">
              <Label htmlFor="design-gradient-angle">Gradient angle: {design.gradient.angle}°</Label>
              <input
                id="design-gradient-angle"
                type="range"
                min={0}
                max={345}
                step={15}
                value={design.gradient.angle}
                onChange={(event) => set('gradient', { to: design.gradient?.to ?? '#000000', angle: Number(event.target.value) })}
                className="w-full accent-[var(--primary)]"
              />
            </div>
          </div>
        )}
        <p className="text-xs text-muted-foreground">Both gradient colours must be dark enough against the background to scan.</p>
      </div>
      <div className="grid gap-1">
        <Toggle id="design-transparent" label="Transparent background (PNG, SVG and PDF)" checked={Boolean(design.transparent)} onChange={(on) => set('transparent', on)} />
        <p className="text-xs text-muted-foreground">
          A transparent code is checked against white, not the background colour: use it on light surfaces only.
        </p>
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
      <Choices
        legend="Eye style"
        name="eye-style"
        options={['match', ...QR_EYE_STYLES] as const}
        labels={EYES}
        value={design.eyeStyle ?? 'match'}
        onChange={(eye) => set('eyeStyle', eye === 'match' ? null : eye)}
      />
      <div className="grid gap-3">
        <Toggle id="design-eye-colour-on" label="Own eye colour" checked={Boolean(design.eyeColour)} onChange={(on) => set('eyeColour', on ? design.foreground : null)} />
        {design.eyeColour && <ColourField id="design-eye-colour" label="Eye colour" value={design.eyeColour} onChange={(v) => set('eyeColour', v)} />}
      </div>
      <Choices
        legend="Frame"
        name="frame"
        options={QR_FRAME_STYLES}
        labels={FRAMES}
        value={design.frame ?? 'none'}
        onChange={(frame) => onChange({ ...design, frame, margin: frame !== 'none' ? Math.max(design.margin, QR_FRAME_MIN_MARGIN) : design.margin })}
      />
      {design.frame && design.frame !== 'none' && (
        <div className="grid gap-2">
          <Label htmlFor="design-frame-text">Call to action</Label>
          <Input
            id="design-frame-text"
            value={design.frameText ?? ''}
            maxLength={QR_FRAME_TEXT_MAX_LENGTH}
            onChange={(event) => set('frameText', event.target.value)}
            aria-describedby="design-frame-text-hint"
          />
          <div className="flex flex-wrap gap-2">
            {QR_FRAME_TEXT_PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                onClick={() => set('frameText', preset)}
                className="rounded-full border px-3 py-1 text-xs hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {preset}
              </button>
            ))}
          </div>
          <p id="design-frame-text-hint" className="text-xs text-muted-foreground">
            {(design.frameText ?? '').length}/{QR_FRAME_TEXT_MAX_LENGTH} characters, printed below the code.
          </p>
        </div>
      )}
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
