interface SectionHeadingProps {
  /** Id of the heading, for the section's aria-labelledby. */
  id: string;
  /** Texts already in the shown language (the caller formats its messages). */
  eyebrow?: string;
  title: string;
  text?: string;
}

/** The centred title block every landing section starts with. */
export function SectionHeading({ id, eyebrow, title, text }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {text && <p className="mt-4 text-muted-foreground text-pretty">{text}</p>}
    </div>
  );
}
