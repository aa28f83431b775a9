export interface NotificationChannelInput {
  name: string
  kind: 'email' | 'webhook'
  recipients: string
  url: string
}

export type NotificationChannelErrors = Partial<Record<'name' | 'recipients' | 'url', string>>

const ADDRESS = /^[^@\s,]+@[^@\s,]+\.[^@\s,]+$/
export const MAX_RECIPIENTS = 10

/** The addresses of a comma-separated list, as the database splits them. */
export const splitAddresses = (recipients: string) =>
  recipients
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)

/** Mirrors notification_channels' CHECK constraints for immediate feedback. */
export function validateNotificationChannel(input: NotificationChannelInput): NotificationChannelErrors {
  const errors: NotificationChannelErrors = {}
  const name = input.name.trim()
  if (name.length < 1 || name.length > 80) errors.name = 'The name needs 1 to 80 characters.'
  if (input.kind === 'email') {
    const addresses = splitAddresses(input.recipients)
    if (addresses.length === 0 || addresses.length > MAX_RECIPIENTS || !addresses.every((a) => ADDRESS.test(a)))
      errors.recipients = `Enter 1 to ${MAX_RECIPIENTS} email addresses, separated by commas.`
  } else {
    const url = input.url.trim()
    if (url.length > 2000 || !/^https?:\/\/[^/?#\s]+\S*$/i.test(url))
      errors.url = 'Enter an http:// or https:// URL of at most 2,000 characters.'
  }
  return errors
}
