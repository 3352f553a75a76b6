import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';

/** The decorated field must equal another field of the same object (password confirmations). */
export function MatchesField(other: string, options?: ValidationOptions) {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'matchesField',
      target: target.constructor,
      propertyName,
      constraints: [other],
      options,
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          return value === (args.object as Record<string, unknown>)[args.constraints[0] as string];
        },
      },
    });
  };
}
