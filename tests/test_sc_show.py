def show(h):
    from tests.sckit import paid
    print(h["result"], h["left_play"], h.get("checks"), h["next"], h["missing"], [(w["player"], w["fan"], w["value"], [p["rule"] for p in w["patterns"]]) for w in h["winners"]])
    for p in paid(h): print("  ", p)
    for r in h["rulings"]: print("  R", r["rule"], r["status"], r["player"], r["at"], r["decision"])
    print("  net", h["net"])
