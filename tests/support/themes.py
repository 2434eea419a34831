"""Observations about one customer in three clear themes, for reflection tests, the
benchmark and the theme evaluation (scripts/eval/themes.py): Acme (pricing, security
compliance, API integration), Orbital (UI preferences, compliance, billing) and
Brightline (a security audit, privacy requests, an offsite)."""

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


# The example of issue 15 (item 5), written fresh: one customer, three themes that silhouette
# on k-means merged two of (compliance and billing came back as one cluster).
UI_PREFERENCES = [
    "Orbital's ops lead asked us to switch their dashboard to dark mode by default.",
    "Orbital's night-shift staff find the white background too bright and want a dark theme.",
    "Orbital wants larger fonts in the order table; their supervisors struggle to read it.",
    "Orbital asked whether the sidebar can be collapsed to leave more room for the map.",
    "Orbital's dispatchers prefer a compact list view over the card layout.",
    "Orbital asked for keyboard shortcuts to move between open tickets.",
    "Orbital said the new colour scheme makes warnings hard to tell apart from errors.",
    "Orbital wants the dark mode choice remembered per user, not per browser.",
    "Orbital's team asked us to hide the onboarding tips in the interface.",
    "Orbital wants the search bar pinned to the top of every screen.",
]

COMPLIANCE = [
    "Orbital's legal team requires a signed data processing agreement before go-live.",
    "Orbital asked for proof that their customer data stays in EU data centres.",
    "Orbital's auditor wants an export of every admin login for the last twelve months.",
    "Orbital requires us to delete their drivers' personal data thirty days after the contract ends.",
    "Orbital asked for our ISO 27001 certificate for their vendor file.",
    "Orbital's compliance officer wants to review our list of subprocessors every quarter.",
    "Orbital requires two-factor authentication on every account in their tenant.",
    "Orbital asked how we would notify them of a data breach under GDPR.",
    "Orbital needs a record of who opened shipment records, kept for seven years.",
    "Orbital's counsel sent a questionnaire about our data retention policy.",
]

BILLING = [
    "Orbital always pays its invoices on the last working day of the month.",
    "Orbital asked for one consolidated invoice instead of one per depot.",
    "Orbital pays by bank transfer and never by card.",
    "Orbital's finance team wants invoices sent to accounts payable, not to the ops lead.",
    "Orbital asked to move from monthly to annual billing to get the discount.",
    "Orbital disputed a charge for extra seats they say they never used.",
    "Orbital needs a purchase order number on every invoice or it will not be paid.",
    "Orbital paid the March invoice two weeks late again.",
    "Orbital wants its invoices in euros even though the contract is in dollars.",
    "Orbital asked for a credit note after being billed twice for April.",
]

ORBITAL = {"ui_preferences": UI_PREFERENCES, "compliance": COMPLIANCE, "billing": BILLING}


# Issue 29 (item 4), written fresh: one customer, three clear themes, two of them about
# data (their security audit of us; their customers' privacy requests) and one far from
# both (an offsite we organise for them). Silhouette over our partitions (decision 0021
# as first shipped) made the two data themes one cluster of 20, in any order and with
# or without time; the consensus that chooses k now (modularity, the map equation, the
# eigengap) keeps three.
AUDIT = [
    "Brightline's security team is auditing our platform before renewing.",
    "Brightline wants proof that all our staff laptops use disk encryption.",
    "Brightline's auditor asked how often we rotate database passwords.",
    "Brightline requires multi-factor authentication for every admin account.",
    "Brightline sent a 200-question security questionnaire for the audit.",
    "Brightline asked whether our data centres are SOC 2 certified.",
    "Brightline's CISO asked how we monitor our servers for intrusions.",
    "Brightline asked how we patch servers after a critical vulnerability.",
    "Brightline wants a copy of our vendor risk assessment.",
    "Brightline's auditor wants the list of admin accounts on our production servers.",
]

PRIVACY_REQUESTS = [
    "A Brightline customer asked for a copy of all the personal data we hold about her.",
    "Brightline wants deletion requests completed within thirty days.",
    "Brightline asked how a customer can withdraw consent to marketing emails.",
    "Brightline's privacy officer wants a log of every data subject request.",
    "A Brightline customer asked us to correct her misspelled name in her records.",
    "Brightline wants an export of one customer's data in a readable format.",
    "Brightline asked whether deleted customers are also removed from backups.",
    "Brightline's privacy team needs a form for customers to request their data.",
    "Brightline wants to know which of their customers opted out of data sharing.",
    "A Brightline customer asked who else her data was shared with.",
]

OFFSITE = [
    "Brightline's product team wants a two-day offsite in the mountains in October.",
    "Brightline asked us to book a hotel with a large meeting room for the offsite.",
    "Brightline's offsite needs vegetarian options for a third of the group.",
    "Brightline wants a hiking trip on the second afternoon of the offsite.",
    "Brightline asked for a bus from the city to the offsite venue.",
    "Brightline's team lead wants a quiz night at the offsite.",
    "Brightline asked whether partners can join the offsite dinner.",
    "Brightline wants the offsite agenda sent to the team a week before.",
    "Brightline asked us to find a photographer for the offsite.",
    "Brightline's offsite group has grown to forty people.",
]

BRIGHTLINE = {"audit": AUDIT, "privacy_requests": PRIVACY_REQUESTS, "offsite": OFFSITE}
