"""The labelled theme sets of ``themes.py`` that the method was tuned on: what an agent
remembers about one entity (a customer, a person, a project), a few themes each, with
the order in time the episodes came in (``schedule``, see ``themes.py``).

The held-out sets, written after the method was frozen, are in ``themes_heldout.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.support.themes import ORBITAL


@dataclass(frozen=True)
class ThemeSet:
    name: str
    entity: str
    themes: dict[str, list[str]]
    # How the episodes came in over time: "blocks" (each theme in sessions of its own),
    # "interleaved" (every session mixes themes), "recurring:<theme>" (blocks, and that
    # theme comes back after a gap of weeks).
    schedule: str
    note: str


MAYA = {
    "running": [
        "Maya is training for a half marathon in October.",
        "Maya runs three times a week, usually before work.",
        "Maya's left knee hurts after long runs on asphalt.",
        "Maya wants a training plan that builds up to 21 km slowly.",
        "Maya bought new trail shoes with more cushioning.",
        "Maya said the interval session on Tuesday felt much easier than last week.",
        "Maya asked for a reminder to stretch after every run.",
        "Maya will try the longer route again on Saturday morning.",
        "Maya's physio told her to cut her weekly distance for two weeks.",
    ],
    "cooking": [
        "Maya is vegetarian and eats fish only when she travels.",
        "Maya wants quick dinner recipes that take under thirty minutes.",
        "Maya asked for a shopping list for the week's meals every Sunday.",
        "Maya does not like coriander and asks for it to be left out of recipes.",
        "Maya batch-cooks lentil soup for her lunches.",
        "Maya wants more high-protein breakfasts without eggs.",
        "Maya liked the chickpea curry recipe and wants similar ones.",
        "Maya said the second recipe was too spicy for the kids.",
        "Maya is trying to eat less sugar in the evenings.",
    ],
    "travel": [
        "Maya is planning a family trip to Portugal in August.",
        "Maya prefers apartments with a kitchen over hotels when travelling with the kids.",
        "Maya wants direct flights, even if they cost more.",
        "Maya asked to compare train and car for getting from Lisbon to the Algarve.",
        "Maya's passport expires next spring and needs renewing before the trip.",
        "Maya wants a beach that is safe for small children to swim.",
        "Maya booked the apartment in Lagos for ten nights.",
        "Maya asked whether she needs travel insurance for the rental car.",
        "Maya said the second option was cheaper but too far from the beach.",
    ],
    "school": [
        "Maya's son Leo starts secondary school in September.",
        "Maya's daughter needs a signed permission slip for the museum trip by Friday.",
        "Maya wants reminders for parent-teacher meetings a week ahead.",
        "Leo struggles with maths homework and Maya is looking for a tutor.",
        "Maya volunteers at the school bake sale once a term.",
        "Maya asked for the school holiday dates to be added to the family calendar.",
        "Maya's daughter has a school concert on the last Thursday of the term.",
        "Maya said the tutor they met on Monday seemed a good fit for Leo.",
        "Maya wants to know when the school lunch account runs low.",
    ],
    "home": [
        "The boiler in Maya's flat makes a knocking noise when the heating starts.",
        "Maya wants to repaint the children's bedroom in a lighter colour.",
        "Maya asked for quotes from three plumbers for the leaking shower.",
        "Maya's landlord must approve any changes to the kitchen.",
        "Maya wants the gutters cleaned before winter.",
        "The washing machine stopped draining and Maya booked a repair.",
        "Maya asked whether the damp patch in the bathroom needs a specialist.",
        "Maya said the plumber who came on Wednesday fixed it in an hour.",
        "Maya wants a reminder to bleed the radiators in October.",
    ],
}

FALCON = {
    "ci_flakiness": [
        "Project Falcon's end-to-end tests fail randomly on the CI runners.",
        "The Falcon team suspects a race condition in the browser tests on CI.",
        "Falcon's CI pipeline takes forty minutes and the team wants it under fifteen.",
        "The Falcon team asked to quarantine the three flakiest tests.",
        "Falcon's CI cache misses after every dependency change.",
        "The Falcon team wants CI to retry a failed test once before failing the build.",
        "A timeout in the integration suite broke Falcon's main branch twice this week.",
        "The Falcon team asked for a dashboard of test failure rates over time.",
    ],
    "migrations": [
        "Falcon's database migration to add the orders index locked the table for minutes.",
        "The Falcon team wants every schema migration to be reversible.",
        "Falcon's migration scripts must run before the new code is deployed.",
        "The Falcon team asked how to backfill the new column without downtime.",
        "A failed migration left Falcon's staging database half upgraded.",
        "The Falcon team wants to split large data migrations into batches.",
        "Falcon's team lead requires migrations to be reviewed by a DBA.",
        "The Falcon team is moving from MySQL to PostgreSQL next quarter.",
    ],
    "frontend_styling": [
        "The Falcon team wants the buttons to follow the new design system colours.",
        "Falcon's settings page breaks on narrow mobile screens.",
        "The Falcon designers asked for consistent spacing between form fields.",
        "Falcon's team wants to replace the hand-written CSS with utility classes.",
        "The font in Falcon's tables renders blurry in Safari.",
        "The Falcon team asked for a dark theme toggle in the header.",
        "Falcon's modal dialogs do not match the design mock-ups.",
        "The Falcon designers want icons to be the same size everywhere.",
    ],
    "dependencies": [
        "The Falcon team wants to upgrade React to the latest major version.",
        "Falcon's security scanner flagged an outdated logging library.",
        "The Falcon team asked for automated pull requests for dependency updates.",
        "Falcon still pins an old version of the HTTP client because of a breaking change.",
        "The Falcon team wants to drop support for Node 16.",
        "Falcon's lockfile conflicts whenever two branches update packages.",
        "The Falcon team asked to audit licences of all third-party packages.",
        "Upgrading the ORM broke three of Falcon's queries.",
    ],
    "code_review": [
        "The Falcon team wants pull requests under four hundred lines.",
        "Falcon's lead asks reviewers to answer within one working day.",
        "The Falcon team prefers squash merges to keep the history clean.",
        "Falcon's reviewers want a short description of why, not just what, in every pull request.",
        "The Falcon team asked for two approvals on changes to the payment code.",
        "Falcon's developers dislike nitpicks about naming in reviews.",
        "The Falcon team wants screenshots in pull requests that change the UI.",
        "Falcon's lead asked reviewers to test the branch locally before approving.",
    ],
    "deploys": [
        "The Falcon team deploys to production every Tuesday and Thursday.",
        "Falcon's on-call engineer was paged three times last night for the same alert.",
        "The Falcon team wants canary releases before a full rollout.",
        "Falcon's rollback took twenty minutes and the team wants it under five.",
        "The Falcon team asked for deploy notifications in their chat channel.",
        "Falcon's on-call rotation is one week long and the team wants it shorter.",
        "A bad config deploy took Falcon's API down for ten minutes.",
        "The Falcon team wants a freeze on deploys during the holiday season.",
    ],
}

NORTHWIND = {
    "shipping_delays": [
        "Northwind's last pallet delivery arrived four days late.",
        "Northwind asked for tracking links on every shipment.",
        "Northwind complained that the courier left goods outside in the rain.",
        "Northwind wants delivery windows of two hours, not a full day.",
        "Northwind's spring order is stuck in customs.",
        "Northwind asked who pays when a late delivery stops their production line.",
        "Northwind wants a weekly report of late shipments.",
        "Northwind asked us to switch carriers after repeated delays.",
        "Northwind said the replacement parts were delivered to the wrong warehouse.",
        "Northwind's buyer wants to be called when a shipment slips by more than a day.",
    ],
    "renewal": [
        "Northwind's contract ends in June and they want to discuss renewal.",
        "Northwind asked for a three-year term in exchange for a lower rate.",
        "Northwind's procurement wants the renewal signed before their fiscal year ends.",
        "Northwind wants to add two more sites to the renewed contract.",
        "Northwind asked to remove the auto-renewal clause from the contract.",
        "Northwind's CFO must approve any renewal above last year's value.",
        "Northwind wants a termination for convenience clause in the new contract.",
        "Northwind asked for the renewal quote in writing by the end of the month.",
    ],
    "training": [
        "Northwind's new warehouse staff need training on the scanning app.",
        "Northwind asked for training videos in Polish for their night crew.",
        "Northwind wants a half-day onboarding session for each new site manager.",
        "Northwind's staff keep forgetting how to print shipping labels.",
        "Northwind asked for a quick reference card for the handheld scanners.",
        "Northwind wants a refresher course after the software update.",
        "Northwind's trainer asked for a test account to practise with.",
        "Northwind wants training sessions scheduled outside peak hours.",
    ],
    "outages": [
        "Northwind's scanners could not sync for two hours on Monday morning.",
        "Northwind reported that the portal was down during their month-end close.",
        "Northwind asked for a status page that shows outages as they happen.",
        "Northwind wants compensation for the downtime last week.",
        "Northwind's warehouse went back to paper when the system was unavailable.",
        "Northwind asked for the root cause report of Tuesday's outage.",
        "Northwind's portal was unreachable again for forty minutes this morning.",
        "Northwind wants to be told about planned maintenance a week ahead.",
        "Northwind said another outage would make them reconsider the renewal.",
        "Northwind asked what uptime we guarantee in the service level agreement.",
    ],
}

KESTREL = {
    "late_payments": [
        "Kestrel Dental has paid the last three invoices after the due date.",
        "Kestrel's practice manager promised to settle the overdue balance next week.",
        "Kestrel asked for more time to pay the January invoice.",
        "Kestrel's payment bounced because of a wrong account number.",
        "Kestrel wants payment reminders sent five days before an invoice is due.",
        "Kestrel paid only half of the overdue amount this month.",
        "Kestrel asked whether late fees can be waived this time.",
        "Kestrel's accountant said the outstanding invoices will be paid in one transfer.",
        "Kestrel is now sixty days overdue on the February invoice.",
        "Kestrel asked for a payment plan for the arrears.",
    ],
    "budget_cuts": [
        "Kestrel Dental is cutting its software budget by a fifth next year.",
        "Kestrel's owner wants to reduce the number of paid user licences.",
        "Kestrel is reviewing every subscription to save costs.",
        "Kestrel asked which features they could drop to lower the monthly cost.",
        "Kestrel closed one clinic and no longer needs its seats.",
        "Kestrel's board froze all new spending until the next quarter.",
        "Kestrel wants to downgrade from the premium plan to the standard plan.",
        "Kestrel asked whether unused seats can be paused instead of cancelled.",
    ],
    "discounts": [
        "Kestrel Dental asked for a discount because a competitor offered a lower price.",
        "Kestrel wants a price match with the other vendor's quote.",
        "Kestrel asked for the non-profit discount even though they are a private practice.",
        "Kestrel wants a loyalty discount for being a customer for five years.",
        "Kestrel asked whether paying upfront for two years lowers the price.",
        "Kestrel wants the price per seat reduced if they add ten more users.",
        "Kestrel asked whether the introductory price can be extended for another year.",
        "Kestrel's owner said they would stay if we matched a 15 percent discount.",
    ],
    "tax": [
        "Kestrel Dental asked why VAT was added to the last invoice.",
        "Kestrel needs our VAT registration number on every invoice.",
        "Kestrel's accountant asked whether dental practices are exempt from VAT on software.",
        "Kestrel wants invoices that show tax amounts per line.",
        "Kestrel asked for a tax certificate for their annual return.",
        "Kestrel's accountant asked whether reverse charge applies to our invoices.",
        "Kestrel wants last year's invoices reissued with the correct tax code.",
        "Kestrel asked how sales tax is handled for their clinic in another state.",
    ],
}

OKAFOR = {
    "hotels": [
        "Mr Okafor prefers hotels within walking distance of the meeting venue.",
        "Mr Okafor asks for a quiet room on a high floor, away from the lift.",
        "Mr Okafor wants hotels with a gym that opens before six.",
        "Mr Okafor disliked the last hotel in Frankfurt because the room was noisy.",
        "Mr Okafor likes to check in late and asks hotels to hold the room.",
        "Mr Okafor prefers a king bed and a desk in the room.",
    ],
    "flights": [
        "Mr Okafor always wants an aisle seat near the front of the plane.",
        "Mr Okafor avoids connections shorter than ninety minutes.",
        "Mr Okafor prefers morning flights so he can work in the afternoon.",
        "Mr Okafor flies business class on flights longer than six hours.",
        "Mr Okafor asked never to book him on red-eye flights.",
        "Mr Okafor wants to be rebooked automatically if a flight is cancelled.",
    ],
    "diet": [
        "Mr Okafor is allergic to peanuts and must avoid them entirely.",
        "Mr Okafor does not drink alcohol and prefers sparkling water at dinners.",
        "Mr Okafor asks for a vegetarian meal on flights.",
        "Mr Okafor avoids very spicy food at business dinners.",
        "Mr Okafor's assistant asked that restaurants be told about his nut allergy.",
        "Mr Okafor likes Japanese restaurants for client dinners.",
    ],
    "car_rental": [
        "Mr Okafor wants an automatic car when he rents one abroad.",
        "Mr Okafor prefers a chauffeur to a rental car in cities he does not know.",
        "Mr Okafor asked for a car with built-in navigation in English.",
        "Mr Okafor wants full insurance cover on every rental.",
        "Mr Okafor returned the last rental car with a scratch and wants the claim handled.",
        "Mr Okafor asked for an electric car for the trip to Oslo.",
    ],
    "loyalty": [
        "Mr Okafor collects miles with one alliance and wants all flights booked there.",
        "Mr Okafor's hotel loyalty status expires unless he stays ten more nights this year.",
        "Mr Okafor asked to use his points for his wife's ticket.",
        "Mr Okafor wants his frequent flyer number added to every booking.",
        "Mr Okafor asked why the miles for his May trip were never credited.",
        "Mr Okafor wants lounge access included whenever his status allows it.",
    ],
    "meetings": [
        "Mr Okafor wants no meetings before nine on the day after a long flight.",
        "Mr Okafor asked to keep Friday afternoons free of meetings.",
        "Mr Okafor prefers video calls to short in-person meetings.",
        "Mr Okafor wants thirty minutes between meetings in different buildings.",
        "Mr Okafor asked to move the board meeting to the week after his trip.",
        "Mr Okafor wants meeting invitations to include the dial-in and the agenda.",
    ],
    "documents": [
        "Mr Okafor needs a business visa for his trip to China in November.",
        "Mr Okafor's passport has only four blank pages left.",
        "Mr Okafor asked for a reminder to renew his ESTA before the New York trip.",
        "Mr Okafor keeps a second passport for trips that need a visa in advance.",
        "Mr Okafor needs an invitation letter from the client for his visa application.",
        "Mr Okafor asked which vaccinations are required for his trip to Ghana.",
    ],
    "gifts": [
        "Mr Okafor wants a gift for his daughter's graduation in June.",
        "Mr Okafor usually sends flowers to his mother on her birthday.",
        "Mr Okafor asked for ideas for an anniversary present for his wife.",
        "Mr Okafor brings local chocolates home for his children after each trip.",
        "Mr Okafor wants a reminder two weeks before family birthdays.",
        "Mr Okafor asked to order a watch engraved for his son.",
    ],
}

TUNE = [
    ThemeSet("orbital", "orbital", ORBITAL, "interleaved", "the issue's example, written fresh"),
    ThemeSet("maya", "maya", MAYA, "blocks", "a person; each theme in sessions of its own"),
    ThemeSet("falcon", "falcon", FALCON, "interleaved", "six close software themes, mixed"),
    ThemeSet(
        "northwind", "northwind", NORTHWIND, "recurring:outages", "outages come back after a gap"
    ),
    ThemeSet("kestrel", "kestrel", KESTREL, "interleaved", "four close money themes"),
    ThemeSet("okafor", "okafor", OKAFOR, "blocks", "eight small themes of one traveller"),
]
