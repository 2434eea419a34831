"""Thirty observations about one customer in three clear themes (pricing, security
compliance, API integration), for reflection tests and the benchmark."""

from __future__ import annotations

PRICING = [
    "Acme asked for a discount on the price of the annual licence.",
    "Acme said our price per seat is too high for their budget.",
    "Acme complained that the invoice price was higher than the quote.",
    "Acme wants a lower price before renewing the licence.",
    "Acme's budget cannot cover the new licence price this year.",
    "Acme asked whether the price drops with a bigger licence volume.",
    "Acme compared our licence price with a cheaper competitor's price.",
    "Acme wants to split the licence price into quarterly invoices to fit the budget.",
    "Acme asked us to freeze the licence price until their budget is approved.",
    "Acme said the price increase on the invoice breaks their software budget.",
]

SECURITY = [
    "Acme's security team requires a SOC 2 report for compliance before signing.",
    "Acme asked whether their data is encrypted for security compliance.",
    "Acme's security officer requires multi-factor authentication for compliance.",
    "Acme needs data residency in the EU for GDPR compliance and security.",
    "Acme's compliance auditors asked for our latest security penetration test.",
    "Acme requires security audit logs of admin actions for compliance.",
    "Acme asked how fast we report a security breach, for their compliance policy.",
    "Acme's compliance team sent a long vendor security questionnaire.",
    "Acme requires role-based access control as a security compliance rule.",
    "Acme asked whether our staff pass security checks, for compliance reasons.",
]

INTEGRATION = [
    "Acme's developers could not authenticate to our REST API endpoint.",
    "Acme's developers hit the API rate limit while importing data.",
    "Acme's developers asked for an API webhook when an order changes.",
    "Acme's integration broke because an API response field was renamed.",
    "Acme's developers want a Python SDK for the API.",
    "Acme's developers asked for pagination on the orders API endpoint.",
    "Acme's developers saw 500 errors from the sandbox API on bulk uploads.",
    "Acme's developers want curl examples in the API documentation.",
    "Acme's developers asked for API filters on the orders endpoint.",
    "Acme's nightly API sync job times out when the API responds slowly.",
]

THEMES = {"pricing": PRICING, "security": SECURITY, "integration": INTEGRATION}
